// Article dates as readers see them ("June 23, 2026"). Publication dates are calendar days
// stored at midnight UTC, so they are formatted in UTC: a local time zone would show the day before.
import { formatLongDay } from './format.ts';

export function formatArticleDate(date: Date): string {
  return formatLongDay(date);
}

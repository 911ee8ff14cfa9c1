// Article dates as readers see them ("June 23, 2026"). Publication dates are calendar days
// stored at midnight UTC, so they are formatted in UTC: a local time zone would show the day before.
const formatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatArticleDate(date: Date): string {
  return formatter.format(date);
}

/** The machine-readable form for <time datetime>: YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

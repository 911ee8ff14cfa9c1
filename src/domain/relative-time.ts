// "3 days ago", "2 months ago": a date relative to a given 'now' (the build time on prebuilt
// pages), largest whole unit first, worded by Intl.RelativeTimeFormat.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Average Gregorian month and year, so 30 or 31 days both read as one month. */
const MONTH_DAYS = 365.2425 / 12;
const YEAR_DAYS = 365.2425;

/** Below this, the date reads as "now". */
const NOW_WINDOW_MS = 45 * SECOND;

function largestUnit(ms: number): [number, Intl.RelativeTimeFormatUnit] {
  if (ms < HOUR) return [Math.max(1, Math.floor(ms / MINUTE)), 'minute'];
  if (ms < DAY) return [Math.floor(ms / HOUR), 'hour'];
  const days = Math.floor(ms / DAY);
  if (days < 7) return [days, 'day'];
  if (days < 30) return [Math.floor(days / 7), 'week'];
  if (days < 365) return [Math.max(1, Math.floor(days / MONTH_DAYS)), 'month'];
  return [Math.max(1, Math.floor(days / YEAR_DAYS)), 'year'];
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/** One formatter per locale: building one costs about as much as a profile page's reviews. */
function formatter(locale: string): Intl.RelativeTimeFormat {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(locale, format);
  }
  return format;
}

/**
 * How long before (or after) `now` the date is, rounded down to the largest whole unit:
 * "now", "5 minutes ago", "yesterday", "3 weeks ago", "last month", "2 years ago", "in 3 days".
 */
export function relativeTime(date: Date, now: Date, locale = 'en-US'): string {
  const diff = now.getTime() - date.getTime();
  if (Number.isNaN(diff)) throw new RangeError('relativeTime needs two valid dates');
  const format = formatter(locale);
  if (Math.abs(diff) < NOW_WINDOW_MS) return format.format(0, 'second');
  const [value, unit] = largestUnit(Math.abs(diff));
  return format.format(diff > 0 ? -value : value, unit);
}

// Dayton's wall clock (America/New_York) for rules that speak in local hours: an alert's quiet
// hours and, later, a contractor's open hours. Pure, with the runtime's time-zone data (Intl), so
// the server and the browser agree, and correct across the daylight-saving changes.
import { SITE_TIME_ZONE } from './format.ts';

export const MINUTES_PER_DAY = 24 * 60;

export interface DaytonClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** Minutes after local midnight, 0-1439. */
  minutes: number;
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
});

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** What a clock on a wall in Dayton shows at `at`. */
export function daytonClock(at: Date): DaytonClock {
  const field = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(field.year),
    month: Number(field.month),
    day: Number(field.day),
    weekday: WEEKDAY_INDEX[field.weekday ?? 'Sun'] ?? 0,
    minutes: Number(field.hour) * 60 + Number(field.minute),
  };
}

/** Milliseconds Dayton's clock is ahead of UTC at `at` (negative: -4 or -5 hours). */
function offsetMs(at: Date): number {
  const c = daytonClock(at);
  const seconds = at.getUTCSeconds() * 1000 + at.getUTCMilliseconds();
  const wall = Date.UTC(c.year, c.month - 1, c.day, 0, c.minutes) + seconds;
  return wall - at.getTime();
}

/**
 * The instant Dayton's clock shows `minutes` after midnight on the given local date (days past
 * the month's end roll over). A time the spring change skips is read an hour later; one the fall
 * change repeats is its first showing.
 */
export function daytonInstant(year: number, month: number, day: number, minutes: number): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // The offset at the guess, then at the corrected instant: two steps settle every case.
  const first = wall - offsetMs(new Date(wall));
  const second = wall - offsetMs(new Date(first));
  // In the spring gap neither shows the time asked for: the later of the two is an hour on.
  return new Date(
    daytonClock(new Date(second)).minutes === minutes % MINUTES_PER_DAY ? second : Math.max(first, second),
  );
}

/** Minutes after midnight of "HH:MM". */
export function minutesOfTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** "HH:MM" of minutes after midnight. */
export function timeOfMinutes(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Whether the local minute `at` falls in the window from `start` to `end` (past midnight when end <= start). */
export function inDailyWindow(at: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** The start of today in Dayton, as an instant. */
export function daytonMidnight(at: Date): Date {
  const c = daytonClock(at);
  return daytonInstant(c.year, c.month, c.day, 0);
}

/** "YYYY-MM-DD" of the Dayton day `at` falls in (what a date input takes). */
export function daytonDay(at: Date): string {
  const c = daytonClock(at);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

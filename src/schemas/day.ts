// A day as the admin filters take it (YYYY-MM-DD, UTC): the pattern and a real calendar day, so
// '2026-02-30' or '7506-94-43' is a 400 rather than an invalid date handed to the database (the
// API fuzzing found the activity log answering 500 to one). PostgreSQL has no year 0.
import * as z from 'zod/mini';
import { isoDay } from '../domain/format.ts';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const DAY_MESSAGE = 'Use YYYY-MM-DD';

/** Whether `text` (YYYY-MM-DD) names a day of the calendar, year 1 to 9999. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && isoDay(date) === text;
}

/** An optional day filter: absent, '' (no filter) or a calendar day. */
export const ZOptionalDay = z.optional(
  z.union([
    z.literal(''),
    z
      .string()
      .check(z.maxLength(10), z.regex(DAY_PATTERN, DAY_MESSAGE), z.refine(isCalendarDay, DAY_MESSAGE)),
  ]),
);

// A contractor's away period (issue 27): its first and last day (Dayton calendar days, inclusive)
// and why. Whether the days are today or later, in order and not too long is the server's check
// (server/accounts/contractor/away.ts): it depends on today.
import * as z from 'zod/mini';
import { AWAY_MESSAGES as M, AWAY_REASONS, type AwayReason } from '../domain/response-clock.ts';

const ZDay = z.string({ error: M.date }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, M.date));

export const ZAwayInput = z.strictObject({
  firstDay: ZDay,
  lastDay: ZDay,
  reason: z.enum(AWAY_REASONS, { error: M.reason }),
});
export type TAwayInput = z.output<typeof ZAwayInput>;

/** An away period that has not ended. */
export interface AwayPeriod {
  id: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** Its first and last Dayton day, "YYYY-MM-DD". */
  firstDay: string;
  lastDay: string;
  reason: AwayReason;
  /** Under way now (no leads are sent). */
  now: boolean;
}

/** GET/PUT /api/contractor/away: the periods that have not ended, the one under way first. */
export interface AwayState {
  periods: AwayPeriod[];
}

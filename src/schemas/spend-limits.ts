// The contractor's limits on buying leads, as the Payments tab's form and GET/PUT
// /api/contractor/limits share them: the monthly spend cap in whole dollars (the database keeps
// cents), the weekly lead cap, the pause switch; null is no cap.
import * as z from 'zod/mini';
import { formatCount } from '../domain/format.ts';
import { LEAD_PRICE_CENTS } from '../domain/quote-rules.ts';

const SPEND_LIMITS = {
  /** A cap under one lead's price buys nothing: that is what the pause switch is for. */
  monthlyMinDollars: LEAD_PRICE_CENTS / 100,
  monthlyMaxDollars: 1_000_000,
  weeklyMin: 1,
  weeklyMax: 10_000,
} as const;

const L = SPEND_LIMITS;

export const SPEND_LIMIT_MESSAGES = {
  monthly: `Enter a whole number of dollars from ${L.monthlyMinDollars} to ${formatCount(L.monthlyMaxDollars)}, or leave it blank for no cap`,
  weekly: `Enter a whole number of leads from ${L.weeklyMin} to ${formatCount(L.weeklyMax)}, or leave it blank for no cap`,
  saved: 'Your lead limits are saved.',
  failed: 'Your lead limits could not be saved. Please try again.',
} as const;

export const ZSpendLimits = z.object({
  monthlySpendCapDollars: z.nullable(
    z
      .number({ error: SPEND_LIMIT_MESSAGES.monthly })
      .check(
        z.int({ error: SPEND_LIMIT_MESSAGES.monthly }),
        z.gte(L.monthlyMinDollars, SPEND_LIMIT_MESSAGES.monthly),
        z.lte(L.monthlyMaxDollars, SPEND_LIMIT_MESSAGES.monthly),
      ),
  ),
  weeklyLeadCap: z.nullable(
    z
      .number({ error: SPEND_LIMIT_MESSAGES.weekly })
      .check(
        z.int({ error: SPEND_LIMIT_MESSAGES.weekly }),
        z.gte(L.weeklyMin, SPEND_LIMIT_MESSAGES.weekly),
        z.lte(L.weeklyMax, SPEND_LIMIT_MESSAGES.weekly),
      ),
  ),
  leadsPaused: z.boolean(),
});
export type TSpendLimits = z.infer<typeof ZSpendLimits>;

/** GET and PUT answer the limits with what this week and month used of them. */
export interface SpendLimitsState extends TSpendLimits {
  /** Leads pending or paid since Monday 00:00, New York time. */
  weekLeads: number;
  /** Cents of leads pending or paid since the 1st, 00:00 New York time. */
  monthSpendCents: number;
}

// How a plan's monthly payment reads in the Transactions tab, its CSV and its receipt, and the
// idempotency key of the sandbox's charge of one plan period. Dates are UTC calendar days.
import { compactIsoDay, formatDayRange } from './format.ts';
import { PLANS, type PlanId } from './plans.ts';

/** "Enhanced plan, Nov 23 - Dec 23, 2026" (both years named when the period spans two). */
export function planPaymentDescription(plan: PlanId, periodStart: Date, periodEnd: Date): string {
  return `${PLANS[plan].name} plan, ${formatDayRange(periodStart, periodEnd)}`;
}

/** One charge per subscription and period: `plan-<subscription id>-<period start yyyymmdd>`. */
export const planChargeKey = (subscriptionId: string, periodStart: Date): string =>
  `plan-${subscriptionId}-${compactIsoDay(periodStart)}`;

/** One transaction per Stripe invoice. */
export const invoiceKey = (invoiceId: string): string => `invoice-${invoiceId}`;

/** The idempotency keys a plan's payment row has (planChargeKey, invoiceKey), as a SQL regular
 * expression: what tells a plan payment from a lead charge in payment_transactions. */
export const PLAN_PAYMENT_KEY_PATTERN = '^(plan|invoice)-';

// How a plan's monthly payment reads in the Transactions tab, its CSV and its receipt, and the
// idempotency key of the sandbox's charge of one plan period. Dates are UTC calendar days.
import { PLANS, type PlanId } from './plans.ts';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Enhanced plan, Nov 23 - Dec 23, 2026" (both years named when the period spans two). */
export function planPaymentDescription(plan: PlanId, periodStart: Date, periodEnd: Date): string {
  const sameYear = periodStart.getUTCFullYear() === periodEnd.getUTCFullYear();
  const from = (sameYear ? DAY : DAY_YEAR).format(periodStart);
  return `${PLANS[plan].name} plan, ${from} - ${DAY_YEAR.format(periodEnd)}`;
}

/** yyyymmdd of a UTC day. */
const compactDay = (at: Date): string => at.toISOString().slice(0, 10).replaceAll('-', '');

/** One charge per subscription and period: `plan-<subscription id>-<period start yyyymmdd>`. */
export const planChargeKey = (subscriptionId: string, periodStart: Date): string =>
  `plan-${subscriptionId}-${compactDay(periodStart)}`;

/** One transaction per Stripe invoice. */
export const invoiceKey = (invoiceId: string): string => `invoice-${invoiceId}`;

/** The idempotency keys a plan's payment row has (planChargeKey, invoiceKey), as a SQL regular
 * expression: what tells a plan payment from a lead charge in payment_transactions. */
export const PLAN_PAYMENT_KEY_PATTERN = '^(plan|invoice)-';

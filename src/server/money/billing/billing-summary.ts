// The billing page's cards, banners, plan, cards on file and monthly figures, from the business's
// own rows. Monthly spend and conversion are the figures shared with the dashboard and the admin
// (contractorFigures; src/domain/figures.ts defines them); months are calendar months in Dayton
// time. Only rows since its owner has it count (a claimed listing's earlier charges are not
// theirs); cards saved before a claim are 'removed' by its approval, so the cards list needs no bound.
import { RECENT_FAILURE_DAYS, cardExpired } from '../../../domain/billing-rules.ts';
import { SITE_TIME_ZONE } from '../../../domain/format.ts';
import { PLAN_PAYMENT_KEY_PATTERN } from '../../../domain/plan-payments.ts';
import type {
  BillingMonth,
  BillingPaymentMethod,
  BillingSubscription,
  BillingSummary,
} from '../../../schemas/billing.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { contractorFigures } from '../../site/index.ts';
import { ANALYTICS_MONTHS } from '../money-rules.ts';

interface Totals {
  balance_cents: number;
  monthly_refunded_cents: number;
  recent_failures: number;
}

export async function billingSummary(sql: Sql, businessId: string, now?: Date): Promise<BillingSummary> {
  const since = ownerSince(sql, businessId);
  const at = now ? sql`${now}::timestamptz` : sql`now()`;
  const monthStart = sql`(date_trunc('month', ${at} at time zone ${SITE_TIME_ZONE}) at time zone ${SITE_TIME_ZONE})`;
  const [totals] = await sql<Totals[]>`
    select
      coalesce(sum(payment_amount_cents) filter (where payment_status = 'pending'), 0)::int as balance_cents,
      coalesce(sum(case when payment_status = 'refunded' then greatest(refunded_amount_cents, payment_amount_cents)
                        else refunded_amount_cents end)
               filter (where distribution_id is not null and created_at >= ${monthStart}), 0)::int
        as monthly_refunded_cents,
      (count(*) filter (where payment_status = 'failed'
        and created_at > ${at} - make_interval(days => ${RECENT_FAILURE_DAYS})))::int as recent_failures
      from payment_transactions
     where business_id = ${businessId} and payment_status <> 'legacy' and created_at >= ${since}`;
  const subscriptions = await sql<BillingSubscription[]>`
    select plan, status, price_cents as "priceCents", current_period_end as "currentPeriodEnd",
           cancel_at_period_end as "cancelAtPeriodEnd"
      from subscriptions
     where business_id = ${businessId} and status in ('active', 'trialing', 'past_due')
       and created_at >= ${since}
     limit 1`;
  const methods = await sql<Omit<BillingPaymentMethod, 'expired'>[]>`
    select id, brand, last4, expiry_month as "expiryMonth", expiry_year as "expiryYear",
           is_default as "isDefault", status
      from payment_methods
     where business_id = ${businessId} and status <> 'removed'
     order by is_default desc, created_at desc, id`;
  // Each month's spend by the same SQL function as the monthly figure (lead_spend_cents).
  const months = await sql<BillingMonth[]>`
    with m as (
      select to_char(gs, 'YYYY-MM') as month,
             gs at time zone ${SITE_TIME_ZONE} as start,
             (gs + interval '1 month') at time zone ${SITE_TIME_ZONE} as stop
        from generate_series(date_trunc('month', ${at} at time zone ${SITE_TIME_ZONE}) - make_interval(months => ${ANALYTICS_MONTHS - 1}),
                             date_trunc('month', ${at} at time zone ${SITE_TIME_ZONE}), interval '1 month') gs
    )
    select m.month,
           lead_spend_cents(${businessId}, m.start, m.stop) as "spentCents",
           (select count(*)::int from lead_distributions d
             where d.business_id = ${businessId} and d.payment_status in ('pending', 'paid')
               and d.created_at >= m.start and d.created_at < m.stop and d.created_at >= ${since}) as leads,
           (select coalesce(sum(t.payment_amount_cents - t.refunded_amount_cents), 0)::int from payment_transactions t
             where t.business_id = ${businessId} and t.lead_id is null and t.idempotency_key ~ ${PLAN_PAYMENT_KEY_PATTERN}
               and t.payment_status in ('paid', 'succeeded')
               and t.created_at >= m.start and t.created_at < m.stop and t.created_at >= ${since}) as "planCents"
      from m
     order by m.month`;
  const t = totals!;
  const paymentMethods = methods.map((m) => ({
    ...m,
    expired: m.status === 'expired' || cardExpired(m.expiryMonth, m.expiryYear, now),
  }));
  const subscription = subscriptions[0];
  return {
    balanceCents: t.balance_cents,
    figures: await contractorFigures(sql, businessId, now),
    monthlyRefundedCents: t.monthly_refunded_cents,
    subscription: subscription
      ? { ...subscription, currentPeriodEnd: new Date(subscription.currentPeriodEnd).toISOString() }
      : null,
    recentFailures: t.recent_failures,
    defaultCardExpired: paymentMethods.some((m) => m.isDefault && m.expired),
    paymentMethods,
    months,
  };
}

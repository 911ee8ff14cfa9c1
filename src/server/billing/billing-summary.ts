// The billing page's cards, banners, plan, cards on file and monthly figures, from the business's
// own rows (docs/decisions.md, "Billing (issue 14)" defines each figure). Calendar months are UTC.
// Only rows since its owner has it count (a claimed listing's earlier charges are not theirs);
// cards saved before a claim are 'removed' by its approval, so the cards list needs no bound.
import { RECENT_FAILURE_DAYS, cardExpired } from '../../domain/billing-rules.ts';
import type {
  BillingMonth,
  BillingPaymentMethod,
  BillingSubscription,
  BillingSummary,
} from '../../schemas/billing.ts';
import type { Sql } from '../db/client.ts';
import { ownerSince } from '../contractor/owner-since.ts';

/** Months (this one and the five before) the Analytics tab shows. */
export const ANALYTICS_MONTHS = 6;

interface Totals {
  balance_cents: number;
  monthly_cents: number;
  monthly_refunded_cents: number;
  recent_failures: number;
  paid_leads: number;
  completed_leads: number;
}

export async function billingSummary(
  sql: Sql,
  businessId: string,
  now: Date = new Date(),
): Promise<BillingSummary> {
  const since = ownerSince(sql, businessId);
  const [totals] = await sql<Totals[]>`
    select
      coalesce(sum(payment_amount_cents) filter (where payment_status = 'pending'), 0)::int as balance_cents,
      coalesce(sum(payment_amount_cents) filter (where payment_status in ('paid', 'succeeded')
        and created_at >= date_trunc('month', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC'), 0)::int
        as monthly_cents,
      coalesce(sum(payment_amount_cents) filter (where payment_status = 'refunded'
        and created_at >= date_trunc('month', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC'), 0)::int
        as monthly_refunded_cents,
      (count(*) filter (where payment_status = 'failed'
        and created_at > ${now}::timestamptz - make_interval(days => ${RECENT_FAILURE_DAYS})))::int as recent_failures,
      (select count(*)::int from lead_distributions d where d.business_id = ${businessId} and d.payment_status = 'paid'
          and d.created_at >= ${since}) as paid_leads,
      (select count(*)::int from lead_distributions d where d.business_id = ${businessId} and d.payment_status = 'paid'
          and d.stage = 'COMPLETED' and d.created_at >= ${since}) as completed_leads
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
  const months = await sql<BillingMonth[]>`
    with m as (
      select to_char(gs, 'YYYY-MM') as month, gs as start, gs + interval '1 month' as stop
        from generate_series(date_trunc('month', ${now}::timestamptz at time zone 'UTC') - make_interval(months => ${ANALYTICS_MONTHS - 1}),
                             date_trunc('month', ${now}::timestamptz at time zone 'UTC'), interval '1 month') gs
    )
    select m.month,
           coalesce(sum(t.payment_amount_cents) filter (where t.payment_status in ('paid', 'succeeded')), 0)::int as "spentCents",
           (count(t.id) filter (where t.payment_status in ('paid', 'succeeded') and t.lead_id is not null))::int as leads
      from m
      left join payment_transactions t
        on t.business_id = ${businessId}
       and t.created_at >= m.start at time zone 'UTC' and t.created_at < m.stop at time zone 'UTC'
       and t.created_at >= ${since}
     group by m.month
     order by m.month`;
  const t = totals!;
  const paymentMethods = methods.map((m) => ({
    ...m,
    expired: m.status === 'expired' || cardExpired(m.expiryMonth, m.expiryYear, now),
  }));
  const subscription = subscriptions[0];
  return {
    balanceCents: t.balance_cents,
    monthlySpendingCents: t.monthly_cents,
    monthlyRefundedCents: t.monthly_refunded_cents,
    subscription: subscription
      ? { ...subscription, currentPeriodEnd: new Date(subscription.currentPeriodEnd).toISOString() }
      : null,
    conversionRate: t.paid_leads ? Math.round((t.completed_leads / t.paid_leads) * 1000) / 10 : null,
    paidLeads: t.paid_leads,
    completedLeads: t.completed_leads,
    recentFailures: t.recent_failures,
    defaultCardExpired: paymentMethods.some((m) => m.isDefault && m.expired),
    paymentMethods,
    months,
  };
}

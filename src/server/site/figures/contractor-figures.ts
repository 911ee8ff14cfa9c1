// A contractor's shared figures (src/domain/figures.ts defines them) in one statement: the
// dashboard, the billing page and the admin all call this, so the same business shows the same
// numbers everywhere. Only rows since its owner has it count (owner_since), as on every
// contractor-facing read. Months are calendar months in Dayton time (America/New_York).
import { FIGURE_WINDOW_DAYS, NO_FIGURES, type ContractorFigures } from '../../../domain/figures.ts';
import { SITE_TIME_ZONE } from '../../../domain/format.ts';
import { PLAN_PAYMENT_KEY_PATTERN } from '../../../domain/plan-payments.ts';
import type { Sql } from '../../platform/db/client.ts';

export async function contractorFigures(
  sql: Sql,
  businessId: string,
  now?: Date,
): Promise<ContractorFigures> {
  // The database's clock unless a test names the moment: a charge made a millisecond ago counts.
  const at = now ? sql`${now}::timestamptz` : sql`now()`;
  const [row] = await sql<ContractorFigures[]>`
    with owner as (
      select coalesce(owner_since, '-infinity'::timestamptz) as since from businesses where id = ${businessId}
    ), bounds as (
      select date_trunc('month', ${at} at time zone ${SITE_TIME_ZONE}) at time zone ${SITE_TIME_ZONE} as month_start,
             greatest(${at} - make_interval(days => ${FIGURE_WINDOW_DAYS}), owner.since) as window_start,
             owner.since
        from owner
    ), paid as (
      select d.stage,
             exists (select 1 from lead_communications q
                      where q.lead_id = d.lead_id and q.business_id <> d.business_id
                        and q.accepted_at is not null) as lost_to_another
        from lead_distributions d, bounds
       where d.business_id = ${businessId} and d.payment_status = 'paid'
         and d.created_at > bounds.window_start
    )
    select
      lead_spend_cents(${businessId}, bounds.month_start) as "monthSpendCents",
      (select coalesce(sum(t.payment_amount_cents - t.refunded_amount_cents), 0)::int
         from payment_transactions t
        where t.business_id = ${businessId} and t.lead_id is null and t.idempotency_key ~ ${PLAN_PAYMENT_KEY_PATTERN}
          and t.payment_status in ('paid', 'succeeded')
          and t.created_at >= greatest(bounds.month_start, bounds.since)) as "planPaidCents",
      (select count(*)::int from paid) as "paidLeads",
      (select count(*)::int from paid where stage = 'COMPLETED' and not lost_to_another) as "convertedLeads",
      r.median_minutes as "medianResponseMinutes",
      r.responses as "measuredResponses"
    from bounds, business_response_minutes(${businessId}, bounds.window_start) r`;
  if (!row) return NO_FIGURES;
  return { ...row, medianResponseMinutes: row.measuredResponses ? row.medianResponseMinutes : null };
}

// Who may buy a lead, best first.
import { RESPONSE_WINDOW_DAYS } from '../../../domain/homeowner-rules.ts';
import { LIVE_PLAN_STATUSES, PLANS, PLAN_IDS } from '../../../domain/plans.ts';
import { MEASURED_RESPONSES_TO_RANK } from '../../../domain/response-clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Candidate, LeadRow } from './types.ts';
import { SERVE_RADIUS_MILES } from '../leads-rules.ts';

/**
 * ACTIVE, verified, not paused or away contractors offering the service (a BusinessService row or the service as their
 * category), serving the lead's ZIP (their list) or within 25 miles, with a card on file. Featured
 * first, then the score: rating x 20 (0-100), plus 2 per hour of response under 24 (the measured
 * median in open hours over the last 30 days once there are 3 responses, else the declared reply
 * time; missing counts as 24), minus 1 per mile away, plus the live plan's boost
 * (src/domain/plans.ts); ties by id, so
 * every run ranks the same. A featured plan makes the business featured (record-subscription.ts).
 * An admin's test lead (the payment-test page) goes only to businesses named as test recipients.
 *
 * A request asked from a contractor's profile (issue 25) puts that contractor first when it
 * matches all of the above; the rest follow in the usual order, so the sale (three pros) goes to
 * it and up to two similar ones. When it does not match (another service or area, paused, no
 * card), it is simply not among the candidates: the usual matching. One that is at a cap or whose
 * card is declined is skipped by the sale like any other (charge-distribution.ts).
 */
export async function matchContractors(
  sql: Db,
  lead: Pick<LeadRow, 'service_id' | 'zip_code' | 'latitude' | 'longitude'> & {
    is_test?: boolean;
    chosen_business_id?: string | null;
  },
): Promise<Candidate[]> {
  const hasPoint = lead.latitude !== null && lead.longitude !== null;
  const distance = hasPoint
    ? sql`great_circle_miles(${lead.latitude}::float8, ${lead.longitude}::float8, b.latitude, b.longitude)`
    : sql`null::float8`;
  const boost = sql`(select coalesce(max(x.boost), 0) from subscriptions p
      join unnest(${PLAN_IDS}::text[], ${PLAN_IDS.map((id) => PLANS[id].rankBoost)}::int[])
        as x (plan, boost) on x.plan = p.plan
     where p.business_id = b.id and p.status in ${sql(LIVE_PLAN_STATUSES)})`;
  return sql<Candidate[]>`
    select m.id, m.name, m.email, m."customerId", m."paymentMethodId", m.featured,
           m.base + (24 - least(coalesce(rt.hours, m.declared_hours, 24), 24)) * 2 as score, m.chosen
    from (
      select b.id, b.name, b.email, b.stripe_customer_id as "customerId",
             pm.gateway_payment_method_id as "paymentMethodId", b.featured,
             coalesce(b.average_rating, 0)::float8 * 20
               - coalesce(${distance}, ${SERVE_RADIUS_MILES})
               + ${boost} as base,
             b.response_time_hours::float8 as declared_hours,
             ${distance} as miles, b.service_areas,
             coalesce(b.id = ${lead.chosen_business_id ?? null}::uuid, false) as chosen
      from businesses b
      join services s on s.id = ${lead.service_id}
      join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
      where b.status = 'ACTIVE' and b.verified and not b.leads_paused and b.stripe_customer_id is not null
        and not business_away_at(b.id, now())
        and (not ${lead.is_test ?? false} or b.receives_test_leads)
        and (b.category = s.name or exists (
          select 1 from business_services bs where bs.business_id = b.id and bs.service_id = s.id))
    ) m
    -- The measured response, in open hours, once there are enough of them (else the declared one).
    cross join lateral (
      select case when r.responses >= ${MEASURED_RESPONSES_TO_RANK} then r.median_minutes / 60 end as hours
        from business_response_minutes(m.id, now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})) r) rt
    where ${lead.zip_code ?? ''} = any(m.service_areas) or m.miles <= ${SERVE_RADIUS_MILES}
    order by m.chosen desc, m.featured desc, score desc, m.id`;
}

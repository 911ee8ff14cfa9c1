// The dashboard's stats cards from the business's own rows (docs/decisions.md defines each):
// over the leads it received and paid for in the last 30 days, and since its owner has it.
import {
  NEW_LEAD_DAYS,
  REVENUE_PER_CONVERSION_CENTS,
  STATS_WINDOW_DAYS,
} from '../../domain/dashboard-rules.ts';
import type { DashboardStats } from '../../schemas/dashboard.ts';
import type { Sql } from '../db/client.ts';
import { ownerSince } from '../contractor/owner-since.ts';

interface Row {
  received: number;
  active: number;
  new_leads: number;
  responded: number;
  avg_minutes: number | null;
  conversions: number;
  median_minutes: number | null;
  responses: number;
}

export async function dashboardStats(
  sql: Sql,
  businessId: string,
  now: Date = new Date(),
): Promise<DashboardStats> {
  const since = new Date(now.getTime() - STATS_WINDOW_DAYS * 86_400_000);
  const newSince = new Date(now.getTime() - NEW_LEAD_DAYS * 86_400_000);
  const [row] = await sql<Row[]>`
    with owner as (select ${ownerSince(sql, businessId)} as since),
    recent as (
      select d.lead_id, d.stage, d.created_at, d.sent_at, d.responded_at, d.completed_at
        from lead_distributions d
       where d.business_id = ${businessId} and d.payment_status = 'paid'
         and d.created_at > ${since} and d.created_at <= ${now}
         and d.created_at >= (select since from owner)
    ), totals as (
      select count(*)::int as received,
             count(*) filter (where stage in ('NEW', 'CONTACTED', 'IN_PROGRESS'))::int as active,
             count(*) filter (where created_at > ${newSince})::int as new_leads,
             count(*) filter (where responded_at is not null)::int as responded,
             (avg(extract(epoch from (responded_at - coalesce(sent_at, created_at))) / 60)
               filter (where responded_at is not null))::float8 as avg_minutes
        from recent
    )
    select t.*,
           (select count(*)::int
              from lead_distributions c
             where c.business_id = ${businessId} and c.stage = 'COMPLETED'
               and c.completed_at > ${since} and c.completed_at <= ${now}
               and c.created_at >= (select since from owner)
               and exists (select 1 from lead_communications q
                            where q.lead_id = c.lead_id and q.business_id = ${businessId}
                              and q.accepted_at is not null)) as conversions,
           m.median_minutes, m.responses
      from totals t,
           business_response_minutes(${businessId}, greatest(${since}::timestamptz, (select since from owner))) m`;
  const r = row ?? {
    received: 0,
    active: 0,
    new_leads: 0,
    responded: 0,
    avg_minutes: null,
    conversions: 0,
    median_minutes: null,
    responses: 0,
  };
  return {
    windowDays: STATS_WINDOW_DAYS,
    activeLeads: r.active,
    newLeads: r.new_leads,
    responseRate: r.received ? Math.round((r.responded / r.received) * 100) : null,
    avgResponseMinutes: r.avg_minutes,
    medianResponseMinutes: r.responses ? r.median_minutes : null,
    measuredResponses: r.responses,
    conversions: r.conversions,
    estimatedRevenueCents: r.conversions * REVENUE_PER_CONVERSION_CENTS,
  };
}

// The dashboard's stats cards from the business's own rows (docs/decisions.md defines each): over
// the leads it received and paid for in the last 30 days, and since its owner has it. The response
// rate counts a lead once it was answered or had 8 open hours (its declared hours, not away) to be. Monthly
// spend, conversion and response time are the figures shared with billing and the admin
// (contractorFigures), so the dashboard cannot disagree with them.
import {
  NEW_LEAD_DAYS,
  REVENUE_PER_CONVERSION_CENTS,
  STATS_WINDOW_DAYS,
} from '../../../domain/dashboard-rules.ts';
import { RESPONSE_RATE_OPEN_HOURS } from '../../../domain/response-clock.ts';
import type { DashboardStats } from '../../../schemas/dashboard.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { contractorFigures } from '../../site/index.ts';

interface Row {
  /** Leads counted in the response rate: answered, or past their open hours to answer. */
  due: number;
  active: number;
  new_leads: number;
  responded: number;
}

export async function dashboardStats(sql: Sql, businessId: string, now?: Date): Promise<DashboardStats> {
  const at = now ? sql`${now}::timestamptz` : sql`now()`;
  const [row] = await sql<Row[]>`
    select count(*) filter (
             where responded_at is not null
                or open_minutes(business_id, coalesce(sent_at, created_at), ${at}) >= ${RESPONSE_RATE_OPEN_HOURS * 60})::int as due,
           count(*) filter (where stage in ('NEW', 'CONTACTED', 'IN_PROGRESS'))::int as active,
           count(*) filter (where created_at > ${at} - make_interval(days => ${NEW_LEAD_DAYS}))::int as new_leads,
           count(*) filter (where responded_at is not null)::int as responded
      from lead_distributions
     where business_id = ${businessId} and payment_status = 'paid'
       and created_at > ${at} - make_interval(days => ${STATS_WINDOW_DAYS})
       and created_at >= ${ownerSince(sql, businessId)}`;
  const r = row ?? { due: 0, active: 0, new_leads: 0, responded: 0 };
  const figures = await contractorFigures(sql, businessId, now);
  return {
    windowDays: STATS_WINDOW_DAYS,
    activeLeads: r.active,
    newLeads: r.new_leads,
    responseRate: r.due ? Math.round((r.responded / r.due) * 100) : null,
    conversions: figures.convertedLeads,
    estimatedRevenueCents: figures.convertedLeads * REVENUE_PER_CONVERSION_CENTS,
    figures,
  };
}

// What the readiness banner needs about a contractor's business: the facts the lead pipeline
// checks before it sends a lead (approval, a card it can charge, the pause switch, the caps with
// this week's and month's usage), read in one query, and the reasons no lead is sent.
import {
  readinessIssues,
  readinessNotice,
  type ReadinessFacts,
  type ReadinessNotice,
} from '../../../domain/readiness.ts';
import { phoneHref } from '../../../domain/format.ts';
import { contactPhone } from '../../platform/config/site.ts';
import type { Sql } from '../../platform/db/client.ts';

async function readinessFacts(sql: Sql, businessId: string): Promise<ReadinessFacts | null> {
  const [row] = await sql<ReadinessFacts[]>`
    select b.status = 'ACTIVE' and b.verified as approved,
           b.stripe_customer_id is not null and exists (
             select 1 from payment_methods pm
              where pm.business_id = b.id and pm.is_default and pm.status = 'active') as "hasCard",
           b.leads_paused as paused, b.weekly_lead_cap as "weeklyLeadCap",
           (select to_char(max(a.ends_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              from business_away_periods a
             where a.business_id = b.id and a.starts_at <= now() and a.ends_at > now()) as "awayUntil",
           b.monthly_spend_cap_cents as "monthlySpendCapCents",
           u.week_leads as "weekLeads", u.month_spend_cents as "monthSpendCents"
      from businesses b cross join lateral business_lead_usage(b.id) u
     where b.id = ${businessId}`;
  return row ?? null;
}

/** The banner's lines, each with the action that fixes it; empty when leads are being sent. */
export async function contractorReadiness(sql: Sql, businessId: string): Promise<ReadinessNotice[]> {
  const facts = await readinessFacts(sql, businessId);
  if (!facts) return [];
  const support = phoneHref(contactPhone());
  return readinessIssues(facts).map((issue) => readinessNotice(issue, facts, support));
}

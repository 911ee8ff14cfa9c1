// The contractor's own limits on buying leads: a pause switch, a weekly lead cap and a monthly
// spend cap. A lead is reserved for a business (its distribution row, 'pending') only under a row
// lock on that business, after counting what the business already has this week and month, so
// concurrent runs for one business take turns and never pass a cap together; the lock is held
// for the count and the insert only, never across the gateway call.
import { LEAD_PRICE_CENTS } from '../../../domain/quote-rules.ts';
import { capReached } from '../../../domain/readiness.ts';
import type { Db, Sql, TransactionSql } from '../../platform/db/client.ts';

/** Why a business was skipped for a lead, or null when the lead is reserved for it. */
export type CapSkip = 'paused' | 'away' | 'weekly_lead_cap' | 'monthly_spend_cap' | null;

/**
 * Reserves the lead for the business (inserts its pending distribution) unless the business is
 * paused, away (contractor/away.ts), already has its weekly cap of leads, or would pass its monthly spend cap with this lead.
 * A distribution an earlier run created is the reservation already: it is kept as it is.
 */
export async function reserveDistribution(
  sql: Sql,
  leadId: string,
  businessId: string,
  rank: number,
): Promise<CapSkip> {
  return sql.begin((tx) => reserveDistributionIn(tx, leadId, businessId, rank));
}

/**
 * reserveDistribution inside the caller's transaction (the admin's re-send holds the lead's row
 * lock across choosing the next pro and reserving it, so two re-sends never pick the same one).
 */
export async function reserveDistributionIn(
  tx: TransactionSql,
  leadId: string,
  businessId: string,
  rank: number,
): Promise<CapSkip> {
  const [business] = await tx<
    { paused: boolean; weeklyCap: number | null; monthlyCapCents: number | null }[]
  >`
    select leads_paused as paused, weekly_lead_cap as "weeklyCap", monthly_spend_cap_cents as "monthlyCapCents"
      from businesses where id = ${businessId}
     for no key update`;
  // Read after the lock: an away period set meanwhile (under the same lock) is seen.
  const [away] = await tx<
    { away: boolean }[]
  >`select business_away_at(${businessId}, clock_timestamp()) as away`;
  const [existing] = await tx`
    select 1 from lead_distributions where lead_id = ${leadId} and business_id = ${businessId}`;
  if (existing || !business) return null;
  if (business.paused) return 'paused';
  if (away?.away) return 'away';
  if (business.weeklyCap !== null || business.monthlyCapCents !== null) {
    const caps = { weeklyLeadCap: business.weeklyCap, monthlySpendCapCents: business.monthlyCapCents };
    const reached = capReached(caps, await leadUsage(tx, businessId));
    if (reached) return reached === 'weekly_cap' ? 'weekly_lead_cap' : 'monthly_spend_cap';
  }
  await tx`
    insert into lead_distributions (lead_id, business_id, rank, payment_amount_cents)
    values (${leadId}, ${businessId}, ${rank}, ${LEAD_PRICE_CENTS})
    on conflict (lead_id, business_id) do nothing`;
  return null;
}

export interface LeadUsage {
  /** Leads pending or paid since Monday 00:00 in America/New_York. */
  weekLeads: number;
  /** Cents of leads pending or paid since the 1st of the month, 00:00 in America/New_York. */
  monthSpendCents: number;
}

/** What the business has used of its caps now (the SQL function business_lead_usage). */
export async function leadUsage(sql: Db, businessId: string): Promise<LeadUsage> {
  const [row] = await sql<LeadUsage[]>`
    select week_leads as "weekLeads", month_spend_cents as "monthSpendCents"
      from business_lead_usage(${businessId})`;
  return row ?? { weekLeads: 0, monthSpendCents: 0 };
}

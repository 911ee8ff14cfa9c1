// The contractor's lead limits (schemas/spend-limits.ts) for one business: read with this week's
// and month's usage, and saved. The pipeline enforces them in quotes/spend-caps.ts.
import type { SpendLimitsState, TSpendLimits } from '../../../schemas/spend-limits.ts';
import type { Sql } from '../../platform/db/client.ts';
import { leadUsage } from './spend-caps.ts';

export async function getSpendLimits(sql: Sql, businessId: string): Promise<SpendLimitsState> {
  const [row] = await sql<
    { monthlyCents: number | null; weeklyLeadCap: number | null; leadsPaused: boolean }[]
  >`
    select monthly_spend_cap_cents as "monthlyCents", weekly_lead_cap as "weeklyLeadCap", leads_paused as "leadsPaused"
      from businesses where id = ${businessId}`;
  const usage = await leadUsage(sql, businessId);
  return {
    monthlySpendCapDollars: row?.monthlyCents == null ? null : row.monthlyCents / 100,
    weeklyLeadCap: row?.weeklyLeadCap ?? null,
    leadsPaused: row?.leadsPaused ?? false,
    ...usage,
  };
}

export async function updateSpendLimits(sql: Sql, businessId: string, limits: TSpendLimits): Promise<void> {
  const cents = limits.monthlySpendCapDollars === null ? null : limits.monthlySpendCapDollars * 100;
  await sql`
    update businesses
       set monthly_spend_cap_cents = ${cents}, weekly_lead_cap = ${limits.weeklyLeadCap},
           leads_paused = ${limits.leadsPaused}
     where id = ${businessId}`;
}

// A demo credit request waiting in the admin's dispute queue (/admin/payments?tab=disputes): a
// lead sold to the demo contractor (contractor@example.com) a day ago, charged to its sandbox card,
// disputed through the real path (disputeLead) for a reason no automatic rule settles, so it stays
// 'open' until an admin grants or declines it. Deterministic, written once: a second run finds the
// lead and does nothing.
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';
import { sellDemoLead } from './seed-demo-sold-lead.ts';

export const DEMO_OPEN_CREDIT_NOTE = 'The homeowner says they never asked for a quote and hung up.';

export async function seedDemoPayments(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const sold = await sellDemoLead(sql, ownerEmail, {
    tag: 'dispute1',
    name: 'Casey Morgan',
    phone: '9372284461',
    description: 'Replace two cracked bathroom tiles and regrout around the tub.',
    timeline: 'FLEXIBLE',
    budgetMin: 500,
    budgetMax: 1000,
    address: '17 Maple Avenue',
    daysAgo: 1,
  });
  if (!sold) return 0;
  const credit = await disputeLead(sql, sold.gateway, sold.businessId, sold.distributionId, {
    reason: 'other',
    note: DEMO_OPEN_CREDIT_NOTE,
  });
  return credit.status === 'open' ? 1 : 0;
}

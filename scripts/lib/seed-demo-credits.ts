// A demo automatic credit for the demo contractor (contractor@example.com): a lead sold two days
// ago, charged to its sandbox card, whose phone number is one reserved for fiction, disputed
// through the real path (disputeLead) and so refunded at once, so `npm start` shows a credited
// lead on the dashboard and a refunded charge on the billing page. (The failed charge the billing
// page's banner needs is seed-demo-dashboard.ts's.) Deterministic, written once: a second run
// finds the lead and does nothing.
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';
import { sellDemoLead } from './seed-demo-sold-lead.ts';

export async function seedDemoCredits(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const sold = await sellDemoLead(sql, ownerEmail, {
    tag: 'credit1',
    name: 'Jordan Rivers',
    phone: '9375550142',
    description: 'Water stains on the ceiling under the upstairs bathroom; we think the shower pan leaks.',
    timeline: 'ASAP',
    budgetMin: 1000,
    budgetMax: 5000,
    address: '41 Elm Street',
    daysAgo: 2,
  });
  if (!sold) return 0;
  const credit = await disputeLead(sql, sold.gateway, sold.businessId, sold.distributionId, {
    reason: 'bad_number',
    note: 'The number is not in service.',
  });
  return credit.status === 'refunded' ? 1 : 0;
}

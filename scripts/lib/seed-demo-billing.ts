// Demo billing history for the demo contractor (contractor@example.com): 36 earlier lead charges,
// one every three days back to 107 days ago (every ninth refunded), and one 'legacy' row that the
// billing page leaves out, so `npm start` shows the ranges, several pages of 25 and months of
// Analytics. Charges have no lead of their own (history from before the leads the demo sells).
// Deterministic, written once: a second run finds them by their idempotency keys and adds nothing.
import { LEAD_PRICE_CENTS } from '../../src/domain/quote-rules.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { DEMO_CONTRACTOR_EMAIL } from './seed-demo-dashboard.ts';

export const DEMO_BILLING_HISTORY = 36;

export async function seedDemoBilling(sql: Sql, ownerEmail = DEMO_CONTRACTOR_EMAIL): Promise<number> {
  const [business] = await sql<{ id: string }[]>`
    select b.id from businesses b join users u on u.id = b.owner_id
     where u.email = ${ownerEmail} order by b.created_at, b.id limit 1`;
  if (!business) return 0;
  const rows = await sql`
    insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                      description, created_at)
    select ${business.id}, 'demo-billing-' || ${business.id}::text || '-' || n, ${LEAD_PRICE_CENTS},
           case when n = 0 then 'legacy' when n % 9 = 0 then 'refunded' else 'paid' end,
           case when n = 0 then 'Legacy import' else 'Lead charge (earlier lead)' end,
           now() - make_interval(days => 2 + 3 * n, hours => 5)
      from generate_series(0, ${DEMO_BILLING_HISTORY}) n
    on conflict (idempotency_key) do nothing
    returning id`;
  return rows.length;
}

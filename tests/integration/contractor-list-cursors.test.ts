// The contractor's keyset lists (the dashboard's leads, the billing Transactions tab) page through
// rows created within one millisecond without skipping any: the cursor carries created_at with its
// microseconds and goes back into SQL as text (a timestamptz parameter would pass through a JS
// Date in postgres.js and keep milliseconds only).
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { listTransactions } from '../../src/server/money/billing/list-transactions.ts';
import { listLeads } from '../../src/server/leads/dashboard/list-leads.ts';
import { createBusiness, createLead } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

/** Three times in one millisecond, newest first. */
const SAME_MILLISECOND = ['000300', '000200', '000100'].map((us) => `2026-06-01 12:00:00.${us}+00`);

describe('contractor lists paged within one millisecond', () => {
  it("the dashboard's leads", async () => {
    const business = await createBusiness(sql);
    const ids: string[] = [];
    for (const [i, at] of SAME_MILLISECOND.entries()) {
      const lead = await createLead(sql);
      const [d] = await sql<{ id: string }[]>`
        insert into lead_distributions (lead_id, business_id, rank, status, payment_status, charged_at, created_at)
        values (${lead.id}, ${business.id}, ${i + 1}, 'sent', 'paid', now(), ${at}::text::timestamptz)
        returning id`;
      ids.push(d!.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listLeads(sql, business.id, { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.leads.map((l) => l.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(ids);
  });

  it('the billing transactions', async () => {
    const business = await createBusiness(sql);
    const ids: string[] = [];
    for (const at of SAME_MILLISECOND) {
      const [t] = await sql<{ id: string }[]>`
        insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status, created_at)
        values (${business.id}, ${randomUUID()}, 3000, 'paid', ${at}::text::timestamptz)
        returning id`;
      ids.push(t!.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await listTransactions(sql, business.id, {
        range: 'all',
        pageSize: 1,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.transactions.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(ids);
  });
});

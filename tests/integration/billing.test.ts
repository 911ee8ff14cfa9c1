// The billing page's API against the real database: the summary's figures from fixed rows, the
// range filter and keyset pages, the CSV export (parsed back with csv-parse: exactly the table's
// rows, formulas neutralised), and contractor A against B (no business id is read from the URL).
import type { APIRoute } from 'astro';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BillingSummary, BillingTransaction, TransactionPage } from '../../src/schemas/billing.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { DEMO_BILLING_HISTORY, seedDemoBilling } from '../../scripts/lib/seed-demo-billing.ts';
import { CHARGE_WORDS, wordFor } from '../../src/domain/format.ts';
import { createBusiness, createLead, createUser } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Endpoint = 'summary' | 'transactions' | 'export';
let endpoints: Record<Endpoint, APIRoute>;

interface Contractor {
  user: SessionUser;
  businessId: string;
}

beforeAll(async () => {
  endpoints = {
    summary: (await import('../../src/pages/api/contractor/billing/summary.ts')).GET,
    transactions: (await import('../../src/pages/api/contractor/billing/transactions.ts')).GET,
    export: (await import('../../src/pages/api/contractor/billing/export.csv.ts')).GET,
  };
});

async function contractor(status: 'ACTIVE' | 'PENDING' = 'ACTIVE'): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id, status });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, businessId: business.id };
}

let keys = 0;
/** A transaction `secondsAgo` old with the given status, amount and description. */
async function transaction(
  businessId: string,
  status: string,
  options: { cents?: number; secondsAgo?: number; description?: string; receiptUrl?: string } = {},
): Promise<string> {
  keys += 1;
  const [row] = await sql<{ id: string }[]>`
    insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                      description, receipt_url, failure_message, created_at)
    values (${businessId}, ${`billing-test-${keys}-${Math.random()}`}, ${options.cents ?? 3000}, ${status},
            ${options.description ?? `Charge ${keys}`}, ${options.receiptUrl ?? null},
            ${status === 'failed' ? 'Your card was declined.' : null},
            now() - make_interval(secs => ${options.secondsAgo ?? 1}))
    returning id`;
  return row!.id;
}

function call(endpoint: Endpoint, who: Contractor, query = ''): Promise<Response> {
  const paths: Record<Endpoint, string> = {
    summary: '/api/contractor/billing/summary',
    transactions: '/api/contractor/billing/transactions',
    export: '/api/contractor/billing/export.csv',
  };
  return callRoute(endpoints[endpoint], {
    method: 'GET',
    path: `${paths[endpoint]}${query}`,
    user: who.user,
  });
}

async function allPages(who: Contractor, query: string): Promise<BillingTransaction[]> {
  const rows: BillingTransaction[] = [];
  let cursor: string | null = null;
  do {
    const answer = await call('transactions', who, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as TransactionPage;
    rows.push(...page.transactions);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const DAY = 86_400;

describe('the summary', () => {
  it('computes each card and banner from fixed rows', async () => {
    const a = await contractor();
    await transaction(a.businessId, 'paid', { secondsAgo: 2 });
    await transaction(a.businessId, 'succeeded', { cents: 4500, secondsAgo: 3 });
    await transaction(a.businessId, 'pending', { secondsAgo: 4 });
    await transaction(a.businessId, 'failed', { secondsAgo: 5 });
    await transaction(a.businessId, 'refunded', { secondsAgo: 6 });
    await transaction(a.businessId, 'legacy', { cents: 9900, secondsAgo: 7 });
    await transaction(a.businessId, 'paid', { secondsAgo: 40 * DAY });
    await transaction(a.businessId, 'failed', { secondsAgo: 40 * DAY });
    for (const stage of ['NEW', 'CONTACTED', 'COMPLETED', 'REJECTED']) {
      const lead = await createLead(sql);
      await sql`
        insert into lead_distributions (lead_id, business_id, rank, status, charged_at, payment_status, stage, completed_at)
        values (${lead.id}, ${a.businessId}, 1, 'sent', now(), 'paid', ${stage},
                ${stage === 'COMPLETED' ? sql`now()` : null})`;
    }
    await sql`
      insert into payment_methods (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default)
      values (${a.businessId}, ${`pm_billing_${a.businessId}`}, 'visa', '4242', 1, 2020, true),
             (${a.businessId}, ${`pm_billing2_${a.businessId}`}, 'mastercard', '4444', 12, 2099, false)`;
    await sql`
      insert into subscriptions (business_id, plan, price_cents, current_period_end)
      values (${a.businessId}, 'enhanced', 9900, now() + interval '20 days')`;

    const answer = await call('summary', a);
    expect(answer.status).toBe(200);
    const summary = (await answer.json()) as BillingSummary;
    expect(summary.balanceCents).toBe(3000);
    // The monthly spend is lead charges (the four distributions); charges without a lead, like
    // these transactions, are neither lead spend nor plan payments (issue 24, src/domain/figures.ts).
    expect(summary.figures).toEqual({
      monthSpendCents: 4 * 3000,
      planPaidCents: 0,
      paidLeads: 4,
      convertedLeads: 1,
      medianResponseMinutes: null,
      measuredResponses: 0,
    });
    expect(summary.monthlyRefundedCents).toBe(0);
    expect(summary.recentFailures).toBe(1);
    expect(summary.subscription).toMatchObject({ plan: 'enhanced', status: 'active', priceCents: 9900 });
    expect(summary.defaultCardExpired).toBe(true);
    expect(summary.paymentMethods.map((m) => [m.last4, m.isDefault, m.expired])).toEqual([
      ['4242', true, true],
      ['4444', false, false],
    ]);
    expect(summary.months).toHaveLength(6);
    expect(summary.months.at(-1)).toEqual({
      month: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' })
        .format(new Date())
        .slice(0, 7),
      spentCents: 4 * 3000,
      leads: 4,
      planCents: 0,
    });
  });

  it('shows nothing owed, no plan and no banner for a business without rows', async () => {
    const summary = (await (await call('summary', await contractor())).json()) as BillingSummary;
    expect(summary).toMatchObject({
      balanceCents: 0,
      figures: { monthSpendCents: 0, paidLeads: 0 },
      subscription: null,
      recentFailures: 0,
      defaultCardExpired: false,
      paymentMethods: [],
    });
  });

  it('refuses a business that is not ACTIVE', async () => {
    const pending = await contractor('PENDING');
    for (const endpoint of ['summary', 'transactions', 'export'] as const) {
      expect((await call(endpoint, pending)).status).toBe(403);
    }
  });
});

describe('the transactions', () => {
  it('filters by range, leaves out legacy rows, and pages by 25, 50 or 100 without gaps or repeats', async () => {
    const a = await contractor();
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 1)
      ids.push(await transaction(a.businessId, 'paid', { secondsAgo: 10 + i * 60 }));
    const tenDays = await transaction(a.businessId, 'failed', { secondsAgo: 10 * DAY });
    const fortyDays = await transaction(a.businessId, 'paid', { secondsAgo: 40 * DAY });
    const yearAgo = await transaction(a.businessId, 'refunded', { secondsAgo: 365 * DAY });
    await transaction(a.businessId, 'legacy', { secondsAgo: 20 });

    const week = await allPages(a, '?range=7&pageSize=25');
    expect(week.map((t) => t.id)).toEqual(ids);
    expect((await allPages(a, '?range=30&pageSize=50')).map((t) => t.id)).toEqual([...ids, tenDays]);
    expect((await allPages(a, '?range=90&pageSize=100')).map((t) => t.id)).toEqual([
      ...ids,
      tenDays,
      fortyDays,
    ]);
    expect((await allPages(a, '?range=all&pageSize=25')).map((t) => t.id)).toEqual([
      ...ids,
      tenDays,
      fortyDays,
      yearAgo,
    ]);

    const first = (await (await call('transactions', a, '?range=7&pageSize=25')).json()) as TransactionPage;
    expect(first.transactions).toHaveLength(25);
    expect(first.nextCursor).toBeTruthy();
    const hundred = (await (
      await call('transactions', a, '?range=all&pageSize=100')
    ).json()) as TransactionPage;
    expect(hundred.transactions).toHaveLength(63);
    expect(hundred.nextCursor).toBeNull();
  });

  it('refuses a page size or range outside the lists and a forged cursor', async () => {
    const a = await contractor();
    expect((await call('transactions', a, '?pageSize=1000')).status).toBe(400);
    expect((await call('transactions', a, '?range=365')).status).toBe(400);
    expect((await call('transactions', a, '?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });
});

describe('contractor A against B', () => {
  it("never shows B's transactions, export or figures to A, whatever the query names", async () => {
    const a = await contractor();
    const b = await contractor();
    const mine = await transaction(a.businessId, 'paid', { description: 'Mine' });
    await transaction(b.businessId, 'failed', { description: 'Theirs', cents: 7700 });
    const names = `&businessId=${b.businessId}&business_id=${b.businessId}&business=${b.businessId}`;
    const page = (await (await call('transactions', a, `?range=all${names}`)).json()) as TransactionPage;
    expect(page.transactions.map((t) => t.id)).toEqual([mine]);
    const csv = await (await call('export', a, `?range=all${names}`)).text();
    expect(csv).toContain('Mine');
    expect(csv).not.toContain('Theirs');
    const summary = (await (await call('summary', a)).json()) as BillingSummary;
    expect(summary.recentFailures).toBe(0);
  });
});

describe('the CSV export', () => {
  it('streams an attachment that parses back to exactly the rows of the table for the range', async () => {
    const a = await contractor();
    for (let i = 0; i < 30; i += 1) {
      await transaction(a.businessId, i % 4 === 0 ? 'failed' : 'paid', {
        secondsAgo: 5 + i * 3600,
        description: `Lead charge, "quoted", with a comma ${i}`,
        ...(i % 5 === 0 ? { receiptUrl: `https://pay.example.com/receipts/${i}` } : {}),
      });
    }
    await transaction(a.businessId, 'paid', { secondsAgo: 40 * DAY, description: 'Old' });
    const answer = await call('export', a, '?range=30');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transactions-30-days-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.body).toBeInstanceOf(ReadableStream);
    const records = parse<Record<string, string>>(await answer.text(), { columns: true });
    const table = await allPages(a, '?range=30&pageSize=25');
    expect(records).toHaveLength(30);
    expect(records).toEqual(
      table.map((t) => ({
        Date: t.createdAt,
        Description: t.description,
        'Amount (USD)': (t.amountCents / 100).toFixed(2),
        // In words, as the table shows it (issue 24: no raw status shown to people).
        Status: wordFor(CHARGE_WORDS, t.status),
        Receipt: t.receiptUrl ?? '',
        Failure: t.failureMessage ?? '',
      })),
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const a = await contractor();
    const formulas = ['=HYPERLINK("https://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)'];
    for (const [i, description] of formulas.entries()) {
      await transaction(a.businessId, 'paid', { secondsAgo: 10 + i, description });
    }
    const records = parse<Record<string, string>>(await (await call('export', a, '?range=all')).text(), {
      columns: true,
    });
    expect(records.map((r) => r['Description'])).toEqual(formulas.map((f) => `'${f}`));
  });
});

describe('the demo billing history', () => {
  it('is written once: a second run adds nothing, and its legacy row is never listed', async () => {
    const a = await contractor();
    const [owner] = await sql<{ email: string }[]>`
      select u.email from users u join businesses b on b.owner_id = u.id where b.id = ${a.businessId}`;
    expect(await seedDemoBilling(sql, owner!.email)).toBe(DEMO_BILLING_HISTORY + 1);
    expect(await seedDemoBilling(sql, owner!.email)).toBe(0);
    const rows = await allPages(a, '?range=all&pageSize=25');
    expect(rows).toHaveLength(DEMO_BILLING_HISTORY);
    expect(rows.filter((t) => t.status === 'refunded')).toHaveLength(4);
  });
});

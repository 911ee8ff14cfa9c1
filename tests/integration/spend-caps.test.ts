// The contractor's own limits against the real lead pipeline and the sandbox gateway: a weekly
// lead cap that holds with 50 leads distributed at once, a monthly spend cap, the pause switch,
// the week and month boundaries (America/New_York), the leads a capped contractor is skipped
// for going to the next pro, and a plan's payment that never counts against the lead spend cap.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { completeSubscriptionSession } from '../../src/server/money/sandbox-pages/sandbox-plan-pages.ts';
import { matchContractors } from '../../src/server/leads/requests/match-contractors.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { leadUsage, reserveDistribution } from '../../src/server/accounts/contractor/spend-caps.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let gateway: PaymentGateway;
let services: string[] = [];
let service = '';
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  gateway = createSandboxGateway(sql);
  services = (await sql<{ slug: string }[]>`select slug from services order by slug`).map((r) => r.slug);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

/** Each test gets its own service, so its contractors are the only ones matched. */
beforeEach(() => {
  service = services[n % services.length]!;
  n += 1;
});

async function contractor(
  rating: number,
  caps: { weekly?: number; monthlyCents?: number; paused?: boolean } = {},
) {
  const [svc] = await sql<{ name: string }[]>`select name from services where slug = ${service}`;
  const business = await createBusiness(sql, {
    category: svc!.name,
    services: [service],
    averageRating: rating,
  });
  await giveCard(sql, business.id);
  await sql`
    update businesses set weekly_lead_cap = ${caps.weekly ?? null}, monthly_spend_cap_cents = ${caps.monthlyCents ?? null},
      leads_paused = ${caps.paused ?? false}
    where id = ${business.id}`;
  return business;
}

async function sell(count: number, concurrently = false): Promise<string[]> {
  const leads = [];
  for (let i = 0; i < count; i += 1) leads.push(await createLead(sql, { service }));
  if (concurrently) {
    await Promise.all(leads.map((l) => processLead(sql, l.id, { gateway })));
  } else {
    for (const l of leads) await processLead(sql, l.id, { gateway });
  }
  return leads.map((l) => l.id);
}

async function paidLeads(businessId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from lead_distributions where business_id = ${businessId} and payment_status = 'paid'`;
  const [charges] = await sql<{ n: number }[]>`
    select count(*)::int as n from payment_transactions where business_id = ${businessId} and payment_status = 'paid'`;
  expect(charges?.n).toBe(row?.n);
  return row?.n ?? 0;
}

describe('weekly lead cap', () => {
  it('50 leads distributed at once to a contractor with a cap of 5 a week: exactly 5 charged', async () => {
    const capped = await contractor(5, { weekly: 5 });
    const others = [await contractor(4.5), await contractor(4.4), await contractor(4.3)];
    const leadIds = await sell(50, true);
    expect(await paidLeads(capped.id)).toBe(5);
    const [intents] = await sql<{ n: number }[]>`
      select count(*)::int as n from sandbox_payment_intents i
      join payment_transactions t on t.idempotency_key = i.idempotency_key where t.business_id = ${capped.id}`;
    expect(intents?.n).toBe(5);
    // Every lead still went to 3 pros: the ones the capped contractor was skipped for, to the next.
    const sold = await sql<{ n: number }[]>`
      select count(*)::int as n from lead_distributions
      where lead_id in ${sql(leadIds)} and payment_status = 'paid' group by lead_id`;
    expect(sold).toHaveLength(50);
    expect(sold.every((r) => r.n === 3)).toBe(true);
    for (const o of others) expect(await paidLeads(o.id)).toBeGreaterThan(0);
    expect(await leadUsage(sql, capped.id)).toEqual({ weekLeads: 5, monthSpendCents: 15000 });
  });

  it('skipped leads go to the next pro, and the capped one never sees them', async () => {
    const capped = await contractor(5, { weekly: 1 });
    const next = await contractor(4);
    const [first, second] = await sell(2);
    const rows = await sql<{ lead_id: string; business_id: string; payment_status: string }[]>`
      select lead_id, business_id, payment_status from lead_distributions where lead_id in ${sql([first!, second!])}`;
    expect(
      rows
        .filter((r) => r.lead_id === first)
        .map((r) => r.business_id)
        .sort(),
    ).toEqual([capped.id, next.id].sort());
    expect(rows.filter((r) => r.lead_id === second).map((r) => r.business_id)).toEqual([next.id]);
    const [lead] = await sql`select qualification from leads where id = ${second!}`;
    expect(lead?.['qualification']).toBe('qualified');
  });

  it('a failed charge frees its place under the cap', async () => {
    const capped = await contractor(5, { weekly: 1 });
    await sql`update sandbox_payment_methods set card_number = '4000000000000002'
      where customer_id = (select stripe_customer_id from businesses where id = ${capped.id})`;
    await sell(1);
    expect(await leadUsage(sql, capped.id)).toEqual({ weekLeads: 0, monthSpendCents: 0 });
    await sql`update sandbox_payment_methods set card_number = '4242424242424242'
      where customer_id = (select stripe_customer_id from businesses where id = ${capped.id})`;
    await sell(2);
    expect(await paidLeads(capped.id)).toBe(1);
  });
});

describe('monthly spend cap', () => {
  it('a cap of $60 buys 2 leads of $30, then the lead goes to the next pro', async () => {
    const capped = await contractor(5, { monthlyCents: 6000 });
    const next = await contractor(4);
    await sell(4);
    expect(await paidLeads(capped.id)).toBe(2);
    expect(await paidLeads(next.id)).toBe(4);
  });

  it('20 leads distributed at once to a contractor with a cap of $90: exactly 3 charged', async () => {
    const capped = await contractor(5, { monthlyCents: 9000 });
    await contractor(4);
    await sell(20, true);
    expect(await paidLeads(capped.id)).toBe(3);
    expect(await leadUsage(sql, capped.id)).toEqual({ weekLeads: 3, monthSpendCents: 9000 });
  });

  it("a plan's payment is not lead spend: a cap of $60 still buys 2 leads after a $49 plan", async () => {
    const capped = await contractor(5, { monthlyCents: 6000 });
    const owner = await createUser(sql, { roles: ['contractor'] });
    await sql`update businesses set owner_id = ${owner.id} where id = ${capped.id}`;
    const [row] = await sql<{ customer: string }[]>`
      select stripe_customer_id as customer from businesses where id = ${capped.id}`;
    const session = await gateway.createSubscriptionSession({
      businessId: capped.id,
      customerId: row!.customer,
      email: 'owner@example.com',
      plan: 'basic',
      returnUrl: 'http://127.0.0.1:4321/contractor/billing?checkout={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://127.0.0.1:4321/contractor/billing',
    });
    expect(await completeSubscriptionSession(sql, gateway, session.sessionId, owner.id)).toMatchObject({
      kind: 'subscribed',
    });
    expect(await leadUsage(sql, capped.id)).toEqual({ weekLeads: 0, monthSpendCents: 0 });
    await sell(3);
    const paid = await sql<{ leads: number; plans: number; cents: number }[]>`
      select count(*) filter (where lead_id is not null)::int as leads,
             count(*) filter (where lead_id is null)::int as plans,
             sum(payment_amount_cents)::int as cents
        from payment_transactions where business_id = ${capped.id} and payment_status = 'paid'`;
    expect(paid).toEqual([{ leads: 2, plans: 1, cents: 2 * 3000 + 4900 }]);
    expect(await leadUsage(sql, capped.id)).toEqual({ weekLeads: 2, monthSpendCents: 6000 });
  });

  it('a cap of $89 buys 2 leads too: the third would pass it', async () => {
    const capped = await contractor(5, { monthlyCents: 8900 });
    await sell(3);
    expect(await paidLeads(capped.id)).toBe(2);
  });
});

describe('pause', () => {
  it('a paused contractor is never matched nor sold a lead; unpaused it is sold again', async () => {
    const paused = await contractor(5, { paused: true });
    const other = await contractor(4);
    const [svc] = await sql<{ id: string }[]>`select id from services where slug = ${service}`;
    const found = await matchContractors(sql, {
      service_id: svc!.id,
      zip_code: '45402',
      latitude: 39.7589,
      longitude: -84.1916,
    });
    expect(found.map((c) => c.id)).toEqual([other.id]);
    await sell(3);
    expect(await paidLeads(paused.id)).toBe(0);
    await sql`update businesses set leads_paused = false where id = ${paused.id}`;
    await sell(1);
    expect(await paidLeads(paused.id)).toBe(1);
  });

  it('pausing after the match but before the charge still skips the contractor', async () => {
    const business = await contractor(5);
    const lead = await createLead(sql, { service });
    await sql`update businesses set leads_paused = true where id = ${business.id}`;
    expect(await reserveDistribution(sql, lead.id, business.id, 1)).toBe('paused');
    const rows = await sql`select 1 from lead_distributions where lead_id = ${lead.id}`;
    expect(rows).toHaveLength(0);
  });
});

describe('the week and the month (America/New_York)', () => {
  async function distributionAt(businessId: string, at: string, status = 'paid') {
    const lead = await createLead(sql, { service });
    await sql`
      insert into lead_distributions (lead_id, business_id, rank, created_at, payment_status, charged_at)
      values (${lead.id}, ${businessId}, 1, ${at}::text::timestamptz, ${status},
        ${status === 'paid' ? sql`${at}::text::timestamptz` : null})`;
  }
  async function usageAt(businessId: string, at: string) {
    const [row] = await sql`select * from business_lead_usage(${businessId}, ${at}::text::timestamptz)`;
    return row;
  }

  it('a week starts on Monday 00:00 and a month on the 1st 00:00, New York time', async () => {
    const business = await contractor(5);
    await distributionAt(business.id, '2026-10-31 23:30 America/New_York'); // Saturday, October
    await distributionAt(business.id, '2026-11-01 23:30 America/New_York'); // Sunday, November
    await distributionAt(business.id, '2026-11-02 00:10 America/New_York'); // Monday
    await distributionAt(business.id, '2026-11-02 01:00 America/New_York', 'failed');
    await distributionAt(business.id, '2026-11-02 02:00 America/New_York', 'refunded');
    expect(await usageAt(business.id, '2026-11-02 12:00 America/New_York')).toEqual({
      week_leads: 1,
      month_spend_cents: 6000,
    });
    // Monday 00:00 in New York is 05:00 UTC: at 04:30 UTC on Monday it is still last week there.
    expect(await usageAt(business.id, '2026-11-02 04:30 UTC')).toMatchObject({ week_leads: 3 });
  });

  it('a week that began last month still counts its leads', async () => {
    const business = await contractor(5);
    await distributionAt(business.id, '2026-11-30 10:00 America/New_York'); // Monday
    expect(await usageAt(business.id, '2026-12-01 10:00 America/New_York')).toEqual({
      week_leads: 1,
      month_spend_cents: 0,
    });
  });
});

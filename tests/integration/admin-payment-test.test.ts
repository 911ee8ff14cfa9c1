// The admin payment-test page's APIs on a database of their own (so every figure is exact): the
// admin leads summary (get_admin_leads_summary) against planted rows, with test leads counted
// apart; a test run through the real pipeline on the sandbox gateway makes a test lead, its
// distributions and transactions, sold only to the test recipients (a real lead is not limited
// to them), records who ran it; test recipients named and removed, audited; the lists' 5 or 10
// rows; and every API refusing a signed-out caller (401), a homeowner and a contractor (403).
// The refusal with a live Stripe key is in admin-payment-test-live-key.test.ts (its own config).
import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentTestState, TestRecipient, TestRun } from '../../src/schemas/admin-payment-test.ts';
import { adminLeadsSummary } from '../../src/server/admin/payment-test.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { createBusiness, createLead, giveCard } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
type Method = 'GET' | 'POST';
const endpoints: Record<string, Partial<Record<Method, APIRoute>>> = {};
let admin: SessionUser;
let homeowner: SessionUser;
let contractor: SessionUser;

beforeAll(async () => {
  database = await createTestDatabase();
  // The endpoints' db() connects here: nothing has read the configuration yet in this process.
  process.env['DATABASE_URL'] = database.url;
  delete process.env['STRIPE_SECRET_KEY'];
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  endpoints['state'] = await import('../../src/pages/api/admin/payment-test/index.ts');
  endpoints['runs'] = await import('../../src/pages/api/admin/payment-test/runs.ts');
  endpoints['recipients'] = await import('../../src/pages/api/admin/payment-test/recipients.ts');
  admin = await signedInUser(sql, ['admin']);
  homeowner = await signedInUser(sql);
  contractor = await signedInUser(sql, ['contractor']);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

async function call(
  name: string,
  method: Method,
  user: SessionUser | null,
  options: { path?: string; body?: unknown } = {},
): Promise<Response> {
  const context = apiContext({
    method,
    path: options.path ?? '/api/admin/payment-test',
    user,
    body: options.body,
  });
  return endpoints[name]![method]!(context);
}

const key = () => `pay-test-${Math.random().toString(36).slice(2)}`;

describe('get_admin_leads_summary', () => {
  it('counts the planted leads, distributions and revenue, test leads apart', async () => {
    const business = await createBusiness(sql);
    const lead = async (qualification: string, age: string, isTest = false) => {
      const { id } = await createLead(sql);
      await sql`
        update leads set qualification = ${qualification}, is_test = ${isTest},
               created_at = now() - ${age}::interval where id = ${id}`;
      return id;
    };
    const sold = await lead('qualified', '0 seconds');
    await lead('duplicate', '8 days');
    await lead('out_of_area', '30 days');
    await lead('unconfirmed', '0 seconds');
    await lead('unmatched', '0 seconds');
    const test = await lead('qualified', '0 seconds', true);
    const other = await createBusiness(sql);
    const [paid] = await sql<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, payment_status, charged_at)
      values (${sold}, ${business.id}, 1, 'sent', 'paid', now()) returning id`;
    await sql`
      insert into lead_distributions (lead_id, business_id, rank, status, payment_status, charged_at)
      values (${sold}, ${other.id}, 2, 'payment_failed', 'failed', null),
             (${test}, ${business.id}, 1, 'sent', 'paid', now())`;
    await sql`
      insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
        payment_status, refunded_amount_cents)
      values (${business.id}, ${sold}, ${paid!.id}, ${key()}, 3000, 'paid', 1000),
             (${other.id}, ${sold}, null, ${key()}, 3000, 'failed', 0),
             (${business.id}, ${test}, null, ${key()}, 3000, 'paid', 0),
             (${business.id}, null, null, ${key()}, 9900, 'succeeded', 0)`;

    const expected = {
      leadsToday: 3,
      leadsThisWeek: 3,
      leadsTotal: 5,
      qualified: 1,
      unqualified: 3,
      pending: 1,
      distributed: 1,
      distributions: 2,
      paidDistributions: 1,
      failedDistributions: 1,
      revenueCents: 2000,
      refundedCents: 1000,
      testLeads: 1,
      testRevenueCents: 3000,
    };
    expect(await adminLeadsSummary(sql)).toEqual(expected);
    // The Overview tab's figures are the function's.
    const answer = await call('state', 'GET', admin);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as PaymentTestState).summary).toEqual(expected);
    // Cleared for the tests below.
    await sql`delete from payment_transactions`;
    await sql`delete from leads`;
  });
});

describe('a test run', () => {
  let service: { slug: string; name: string };
  let area: { slug: string; zip: string };
  beforeAll(async () => {
    const [roofing] = await sql<
      { slug: string; name: string }[]
    >`select slug, name from services where slug = 'roofing'`;
    service = roofing!;
    const [place] = await sql<{ slug: string; zip: string }[]>`
      select slug, zip_codes[1] as zip from service_areas where slug = 'dayton'`;
    area = place!;
  });

  const business = async (
    name: string,
    options: { card?: string; recipient?: boolean; featured?: boolean },
  ) => {
    const made = await createBusiness(sql, {
      name,
      category: service.name,
      services: [service.slug],
      serviceAreas: [area.zip],
      featured: options.featured ?? false,
    });
    if (options.card) await giveCard(sql, made.id, options.card);
    if (options.recipient) await sql`update businesses set receives_test_leads = true where id = ${made.id}`;
    return made;
  };

  it('sells a test lead through the pipeline to the test recipients only, and records who ran it', async () => {
    const paying = await business('Test Recipient Roofing', { card: '4242424242424242', recipient: true });
    const declining = await business('Declined Recipient Roofing', {
      card: '4000000000000002',
      recipient: true,
    });
    // Featured and matching, but no test recipient: a test lead never reaches it.
    const bystander = await business('Bystander Roofing', { card: '4242424242424242', featured: true });

    const answer = await call('runs', 'POST', admin, {
      path: '/api/admin/payment-test/runs',
      body: { service: service.slug, area: area.slug },
    });
    expect(answer.status).toBe(201);
    const { run } = (await answer.json()) as { run: TestRun };
    expect(run.actorEmail).toBe(admin.email);
    expect(run.outcome).toBe('pass');
    expect(run.steps.leadCreated.status).toBe('pass');
    expect(run.steps.qualified.status).toBe('pass');
    expect(run.steps.distributed).toEqual({ status: 'pass', detail: 'Distributed to 2 pros' });
    expect(run.steps.charged).toEqual({ status: 'pass', detail: '1 charged, $30.00 in total' });

    const [lead] = await sql<
      { id: string; is_test: boolean; qualification: string; email: string; zip_code: string }[]
    >`
      select id, is_test, qualification, email, zip_code from leads where id = ${run.leadId}`;
    expect(lead).toEqual({
      id: run.leadId,
      is_test: true,
      qualification: 'qualified',
      email: admin.email,
      zip_code: area.zip,
    });
    const distributions = await sql<{ business_id: string; payment_status: string }[]>`
      select business_id, payment_status from lead_distributions where lead_id = ${run.leadId}
       order by payment_status desc`;
    expect(distributions).toEqual([
      { business_id: paying.id, payment_status: 'paid' },
      { business_id: declining.id, payment_status: 'failed' },
    ]);
    const transactions = await sql<
      { business_id: string; payment_status: string; payment_amount_cents: number }[]
    >`
      select business_id, payment_status, payment_amount_cents from payment_transactions
       where lead_id = ${run.leadId} order by payment_status desc`;
    expect(transactions).toEqual([
      { business_id: paying.id, payment_status: 'paid', payment_amount_cents: 3000 },
      { business_id: declining.id, payment_status: 'failed', payment_amount_cents: 3000 },
    ]);
    expect(await sql`select 1 from lead_distributions where business_id = ${bystander.id}`).toHaveLength(0);
    // The paying recipient was sent the lead, through the pipeline's own mail.
    const [mail] = await sql<{ n: number }[]>`
      select count(*)::int as n from mail_outbox where to_address = (select email from businesses where id = ${paying.id})`;
    expect(mail!.n).toBe(1);

    const audit = await sql<
      { actor_user_id: string; entity_id: string; after_values: Record<string, unknown> }[]
    >`
      select actor_user_id, entity_id, after_values from audit_log where action = 'payment_test.run'`;
    expect(audit).toEqual([
      {
        actor_user_id: admin.id,
        entity_id: run.leadId,
        after_values: { run: run.id, service: service.slug, area: area.slug, gateway: 'sandbox' },
      },
    ]);

    // The page's lists show the lead, its distributions, its transactions and the run.
    const state = (await (await call('state', 'GET', admin)).json()) as PaymentTestState;
    expect(state.mode).toBe('sandbox');
    expect(state.refusal).toBeNull();
    expect(state.leads.map((l) => [l.id, l.distributions, l.paid])).toEqual([[run.leadId, 2, 1]]);
    expect(state.distributions.map((d) => [d.business, d.paymentStatus]).sort()).toEqual([
      ['Declined Recipient Roofing', 'failed'],
      ['Test Recipient Roofing', 'paid'],
    ]);
    expect(state.transactions.map((t) => [t.business, t.status, t.amountCents]).sort()).toEqual([
      ['Declined Recipient Roofing', 'failed', 3000],
      ['Test Recipient Roofing', 'paid', 3000],
    ]);
    expect(state.runs.map((r) => [r.id, r.outcome])).toEqual([[run.id, 'pass']]);
    expect(state.summary).toMatchObject({
      leadsTotal: 0,
      revenueCents: 0,
      testLeads: 1,
      testRevenueCents: 3000,
    });

    // A real lead for the same service is not limited to test recipients: the bystander ranks first.
    const real = await createLead(sql, { service: service.slug });
    await sql`update leads set zip_code = ${area.zip}, latitude = 39.7589, longitude = -84.1916 where id = ${real.id}`;
    await processLead(sql, real.id, { gateway: createSandboxGateway(sql), contractorsPerLead: 1 });
    const [first] = await sql<{ business_id: string }[]>`
      select business_id from lead_distributions where lead_id = ${real.id} order by rank limit 1`;
    expect(first!.business_id).toBe(bystander.id);
  });

  it('with no test recipient, the run fails at distribution and charges no one', async () => {
    await sql`update businesses set receives_test_leads = false`;
    const answer = await call('runs', 'POST', admin, {
      path: '/api/admin/payment-test/runs',
      body: { service: service.slug, area: area.slug },
    });
    const { run } = (await answer.json()) as { run: TestRun };
    expect(run.steps.leadCreated.status).toBe('pass');
    expect(run.steps.qualified.status).toBe('pass');
    expect(run.steps.distributed).toEqual({ status: 'fail', detail: 'Distributed to 0 pros' });
    expect(run.steps.charged.status).toBe('fail');
    expect(run.outcome).toBe('fail');
    expect(await sql`select 1 from payment_transactions where lead_id = ${run.leadId}`).toHaveLength(0);
  });

  it('lists 5 or 10 rows, nothing else', async () => {
    for (let i = 0; i < 4; i += 1) {
      await call('runs', 'POST', admin, {
        path: '/api/admin/payment-test/runs',
        body: { service: service.slug, area: area.slug },
      });
    }
    const runs = async (limit: string) => {
      const answer = await call('state', 'GET', admin, { path: `/api/admin/payment-test?limit=${limit}` });
      return answer.ok ? ((await answer.json()) as PaymentTestState).runs.length : answer.status;
    };
    // Six runs so far.
    expect(await runs('5')).toBe(5);
    expect(await runs('10')).toBe(6);
    expect(await runs('7')).toBe(400);
  });

  it('refuses an unknown service or area with nothing created', async () => {
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from leads`;
    for (const body of [
      { service: 'no-such-service', area: area.slug },
      { service: service.slug, area: 'no-such-area' },
      { service: '', area: area.slug },
    ]) {
      const answer = await call('runs', 'POST', admin, { path: '/api/admin/payment-test/runs', body });
      expect(answer.status).toBe(400);
    }
    const [after] = await sql<{ n: number }[]>`select count(*)::int as n from leads`;
    expect(after!.n).toBe(before!.n);
  });
});

describe('test recipients', () => {
  it('are found by name, named and removed, each change audited', async () => {
    const made = await createBusiness(sql, { name: 'Findable Gutter Works' });
    const found = await call('recipients', 'GET', admin, {
      path: '/api/admin/payment-test/recipients?q=gutter',
    });
    expect(((await found.json()) as { businesses: TestRecipient[] }).businesses.map((b) => b.id)).toContain(
      made.id,
    );

    const add = await call('recipients', 'POST', admin, {
      path: '/api/admin/payment-test/recipients',
      body: { businessId: made.id, receives: true },
    });
    expect(add.status).toBe(200);
    expect(((await add.json()) as { recipient: TestRecipient }).recipient).toMatchObject({
      id: made.id,
      hasCard: false,
    });
    const state = (await (await call('state', 'GET', admin)).json()) as PaymentTestState;
    expect(state.recipients.map((r) => r.id)).toContain(made.id);
    await call('recipients', 'POST', admin, {
      path: '/api/admin/payment-test/recipients',
      body: { businessId: made.id, receives: false },
    });
    const audit = await sql<
      { action: string; actor_user_id: string; before_values: unknown; after_values: unknown }[]
    >`
      select action, actor_user_id, before_values, after_values from audit_log
       where entity_type = 'business' and entity_id = ${made.id} order by id`;
    expect(audit).toEqual([
      {
        action: 'business.test_leads.enable',
        actor_user_id: admin.id,
        before_values: { receivesTestLeads: false },
        after_values: { receivesTestLeads: true },
      },
      {
        action: 'business.test_leads.disable',
        actor_user_id: admin.id,
        before_values: { receivesTestLeads: true },
        after_values: { receivesTestLeads: false },
      },
    ]);
    const missing = await call('recipients', 'POST', admin, {
      path: '/api/admin/payment-test/recipients',
      body: { businessId: '00000000-0000-4000-8000-000000000001', receives: true },
    });
    expect(missing.status).toBe(404);
  });
});

describe('the payment-test APIs refuse everyone but admins', () => {
  const cases: [string, Method, { path?: string; body?: unknown }][] = [
    ['state', 'GET', { path: '/api/admin/payment-test' }],
    ['runs', 'POST', { path: '/api/admin/payment-test/runs', body: { service: 'roofing', area: 'dayton' } }],
    ['recipients', 'GET', { path: '/api/admin/payment-test/recipients?q=roof' }],
    [
      'recipients',
      'POST',
      {
        path: '/api/admin/payment-test/recipients',
        body: { businessId: '00000000-0000-4000-8000-000000000001', receives: true },
      },
    ],
  ];
  for (const [name, method, options] of cases) {
    it(`${method} ${options.path}: 401 signed out, 403 for a homeowner and a contractor`, async () => {
      const [before] = await sql<{ leads: number; runs: number }[]>`
        select (select count(*)::int from leads) as leads, (select count(*)::int from payment_test_runs) as runs`;
      expect((await call(name, method, null, options)).status).toBe(401);
      expect((await call(name, method, homeowner, options)).status).toBe(403);
      expect((await call(name, method, contractor, options)).status).toBe(403);
      const [after] = await sql<{ leads: number; runs: number }[]>`
        select (select count(*)::int from leads) as leads, (select count(*)::int from payment_test_runs) as runs`;
      expect(after).toEqual(before);
    });
  }
});

// Automatic credits and receipts against the real database and the sandbox gateway: each
// published rule met is refunded at once (the transaction and the lead shown as refunded, one
// mail), a rule not met or 'other' goes to the admin queue, the 7-day limit, five disputes of one
// lead at once refund once, and contractor A against B (404, nothing written). Receipts: a paid
// transaction redirects to its receipt, stored once; a failed one is 'Receipt Not Available'.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { LeadCredit } from '../../src/schemas/lead-credit.ts';
import type { LeadDetail } from '../../src/schemas/dashboard.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { seedDemoCredits } from '../../scripts/lib/seed-demo-credits.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import { resumeRefundingCredits } from '../../src/server/leads/credits/settle-credit.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const gateway = createSandboxGateway(sql);

type Endpoint = 'credit' | 'detail' | 'receipt';
let endpoints: Record<Endpoint, APIRoute>;

beforeAll(async () => {
  endpoints = {
    credit: (await import('../../src/pages/api/contractor/leads/[id]/credit.ts')).POST,
    detail: (await import('../../src/pages/api/contractor/leads/[id].ts')).GET,
    receipt: (await import('../../src/pages/api/contractor/billing/receipt/[id].ts')).GET,
  };
});

interface Contractor {
  user: SessionUser;
  businessId: string;
  email: string;
  ownerEmail: string;
}

async function contractor(options: Parameters<typeof createBusiness>[1] = {}): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id, ...options });
  await giveCard(sql, business.id);
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  const [b] = await sql<{ email: string }[]>`select email from businesses where id = ${business.id}`;
  return { user, businessId: business.id, email: b!.email, ownerEmail: row.email };
}

/** A lead charged to the business through the sandbox gateway `chargedDaysAgo` days ago, as the
 * pipeline records it: a paid distribution and its paid transaction with the intent. */
async function sold(
  who: Contractor,
  options: {
    lead?: Parameters<typeof createLead>[1];
    phone?: string;
    zip?: string;
    point?: [number, number];
    chargedDaysAgo?: number;
    card?: string;
  } = {},
): Promise<{ distributionId: string; transactionId: string; intentId: string; leadId: string }> {
  const lead = await createLead(sql, options.lead);
  await sql`
    update leads set phone = ${options.phone ?? '9372284400'}, zip_code = ${options.zip ?? '45402'},
           latitude = ${options.point?.[0] ?? 39.7589}, longitude = ${options.point?.[1] ?? -84.1916}
     where id = ${lead.id}`;
  const ago = sql`now() - make_interval(secs => ${Math.round((options.chargedDaysAgo ?? 0.01) * 86_400)})`;
  const [d] = await sql<{ id: string }[]>`
    insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
    values (${lead.id}, ${who.businessId}, 1, 'sent', ${ago}, ${ago}, ${ago}, 'paid') returning id`;
  const [card] = await sql<{ customer: string; method: string }[]>`
    select b.stripe_customer_id as customer, pm.gateway_payment_method_id as method
      from businesses b join payment_methods pm on pm.business_id = b.id and pm.is_default
     where b.id = ${who.businessId}`;
  const key = `lead-distribution-${d!.id}`;
  const result = await gateway.charge({
    customerId: card!.customer,
    paymentMethodId: card!.method,
    amountCents: 3000,
    idempotencyKey: key,
    description: 'Lead: plumbing in Dayton',
  });
  if (result.status !== 'succeeded') throw new Error('the test card did not charge');
  const [t] = await sql<{ id: string }[]>`
    insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
                                      payment_status, stripe_payment_intent_id, description, created_at)
    values (${who.businessId}, ${lead.id}, ${d!.id}, ${key}, 3000, 'paid', ${result.paymentIntentId}, 'Lead charge', ${ago})
    returning id`;
  await sql`update lead_distributions set stripe_payment_intent_id = ${result.paymentIntentId} where id = ${d!.id}`;
  return { distributionId: d!.id, transactionId: t!.id, intentId: result.paymentIntentId, leadId: lead.id };
}

function call(endpoint: Endpoint, who: Contractor, id: string, body?: unknown): Promise<Response> {
  const paths: Record<Endpoint, string> = {
    credit: `/api/contractor/leads/${id}/credit`,
    detail: `/api/contractor/leads/${id}`,
    receipt: `/api/contractor/billing/receipt/${id}`,
  };
  const post = endpoint === 'credit';
  return callRoute(endpoints[endpoint], {
    method: post ? 'POST' : 'GET',
    path: paths[endpoint],
    user: who.user,
    params: { id },
    body: post ? (body ?? {}) : undefined,
  });
}

async function dispute(who: Contractor, distributionId: string, body: unknown): Promise<LeadCredit> {
  const answer = await call('credit', who, distributionId, body);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as LeadCredit;
}

/** The money side of a lead after a dispute: statuses, sandbox refunds and credit mails. */
async function money(
  who: Contractor,
  sale: { distributionId: string; transactionId: string; intentId: string },
) {
  const [row] = await sql<
    {
      transaction: string;
      distribution: string;
      refunds: number;
      refunded: number;
      mails: number;
      credits: number;
    }[]
  >`
    select (select payment_status from payment_transactions where id = ${sale.transactionId}) as transaction,
           (select payment_status from lead_distributions where id = ${sale.distributionId}) as distribution,
           (select count(*)::int from sandbox_refunds where payment_intent_id = ${sale.intentId}) as refunds,
           (select coalesce(sum(amount_cents), 0)::int from sandbox_refunds where payment_intent_id = ${sale.intentId}) as refunded,
           (select count(*)::int from mail_outbox where to_address = ${who.email} and template = 'lead_credit_refunded') as mails,
           (select count(*)::int from lead_credits where distribution_id = ${sale.distributionId}) as credits`;
  return row!;
}

const REFUNDED = {
  transaction: 'refunded',
  distribution: 'refunded',
  refunds: 1,
  refunded: 3000,
  mails: 1,
  credits: 1,
};
const UNTOUCHED = { transaction: 'paid', distribution: 'paid', refunds: 0, refunded: 0, mails: 0 };

describe('a rule met is refunded to the card at once', () => {
  it('duplicate: the same homeowner e-mail for the same service bought within 30 days', async () => {
    const a = await contractor();
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    const first = await sold(a, { lead: { email }, chargedDaysAgo: 3 });
    const second = await sold(a, { lead: { email }, phone: '9372284499', chargedDaysAgo: 1 });
    const credit = await dispute(a, second.distributionId, { reason: 'duplicate' });
    expect(credit).toMatchObject({ status: 'refunded', reason: 'duplicate', amountCents: 3000 });
    expect(credit.finding).toMatch(/same e-mail address/);
    expect(await money(a, second)).toEqual(REFUNDED);
    // The first of the two is no duplicate: it goes to the team, and nothing is refunded.
    expect(await dispute(a, first.distributionId, { reason: 'duplicate' })).toMatchObject({ status: 'open' });
    expect(await money(a, first)).toMatchObject({ ...UNTOUCHED, mails: 1, credits: 1 });
  });

  it('duplicate: the same phone number, another e-mail', async () => {
    const a = await contractor();
    await sold(a, { phone: '9372285511', chargedDaysAgo: 5 });
    const second = await sold(a, { phone: '9372285511', chargedDaysAgo: 2 });
    expect(await dispute(a, second.distributionId, { reason: 'duplicate' })).toMatchObject({
      status: 'refunded',
    });
    expect(await money(a, second)).toEqual(REFUNDED);
  });

  it('duplicate not met: the earlier request was for another service, or over 30 days before', async () => {
    const a = await contractor({ services: ['plumbing', 'roofing'] });
    await sold(a, { phone: '9372285512', lead: { service: 'roofing' }, chargedDaysAgo: 2 });
    const second = await sold(a, { phone: '9372285512', chargedDaysAgo: 1 });
    const credit = await dispute(a, second.distributionId, { reason: 'duplicate' });
    expect(credit.status).toBe('open');
    expect(await money(a, second)).toMatchObject({ ...UNTOUCHED, credits: 1 });
  });

  it('outside the area: a ZIP not served and farther than 25 miles', async () => {
    const a = await contractor({ serviceAreas: ['45402'] });
    // Cincinnati, some 47 miles from Dayton.
    const sale = await sold(a, { zip: '45202', point: [39.1031, -84.512] });
    const credit = await dispute(a, sale.distributionId, { reason: 'outside_area' });
    expect(credit).toMatchObject({ status: 'refunded' });
    expect(credit.finding).toMatch(/45202 is not one of your service areas and is 4\d\.\d miles away/);
    expect(await money(a, sale)).toEqual(REFUNDED);
  });

  it.each([
    ['the ZIP is one of the service areas', '45402', [39.1031, -84.512]],
    ['the lead is within 25 miles', '45432', [39.7392, -84.0854]],
  ] as const)('outside the area not met when %s', async (_, zip, point) => {
    const a = await contractor({ serviceAreas: ['45402'] });
    const sale = await sold(a, { zip, point: [...point] });
    expect(await dispute(a, sale.distributionId, { reason: 'outside_area' })).toMatchObject({
      status: 'open',
    });
    expect(await money(a, sale)).toMatchObject(UNTOUCHED);
  });

  it('outside the area not met when the business changed its area after the sale', async () => {
    const a = await contractor({ serviceAreas: ['45402', '45202'] });
    const sale = await sold(a, { zip: '45202', point: [39.1031, -84.512] });
    await sql`update businesses set service_areas = '{45402}' where id = ${a.businessId}`;
    const credit = await dispute(a, sale.distributionId, { reason: 'outside_area' });
    expect(credit).toMatchObject({ status: 'open' });
    expect(credit.finding).toMatch(/changed after this lead was sold/);
    expect(await money(a, sale)).toMatchObject(UNTOUCHED);
  });

  it('a number that does not work: not a valid US number', async () => {
    const a = await contractor();
    // 555-0100 to 555-0199 are reserved for fiction: no such line exists.
    const sale = await sold(a, { phone: '9375550123' });
    const credit = await dispute(a, sale.distributionId, { reason: 'bad_number' });
    expect(credit).toMatchObject({ status: 'refunded', reason: 'bad_number' });
    expect(await money(a, sale)).toEqual(REFUNDED);
    const [mail] = await sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from mail_outbox where to_address = ${a.email} and template = 'lead_credit_refunded'`;
    expect(mail!.subject).toBe('Lead credited: $30.00 refunded to your card');
    expect(mail!.text_body).toContain('/lead-credit-rules');
  });

  it('a number that works is for the team to check', async () => {
    const a = await contractor();
    const sale = await sold(a, { phone: '9372284400' });
    expect(await dispute(a, sale.distributionId, { reason: 'bad_number' })).toMatchObject({ status: 'open' });
    expect(await money(a, sale)).toMatchObject(UNTOUCHED);
  });
});

describe('anything else goes to the admin queue', () => {
  it("'other' with a note is queued open, and the contractor is told the team has it", async () => {
    const a = await contractor();
    const sale = await sold(a);
    const credit = await dispute(a, sale.distributionId, {
      reason: 'other',
      note: 'The homeowner says they never asked.',
    });
    expect(credit).toMatchObject({ status: 'open', reason: 'other' });
    const [row] = await sql`select status, note from lead_credits where id = ${credit.id}`;
    expect(row).toEqual({ status: 'open', note: 'The homeowner says they never asked.' });
    expect(await money(a, sale)).toMatchObject({ ...UNTOUCHED, credits: 1 });
    const detail = (await (await call('detail', a, sale.distributionId)).json()) as LeadDetail;
    expect(detail.credit.credit).toMatchObject({ id: credit.id, status: 'open' });
  });

  it.each([
    [{ reason: 'other' }, 'note'],
    [{ reason: 'other', note: 'x'.repeat(501) }, 'note'],
    [{ reason: 'refund please' }, 'reason'],
  ])('refuses %j (400 on %s), writing nothing', async (body, field) => {
    const a = await contractor();
    const sale = await sold(a);
    const answer = await call('credit', a, sale.distributionId, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(((await answer.json()) as { fields: object }).fields)).toContain(field);
    expect(await money(a, sale)).toMatchObject({ ...UNTOUCHED, credits: 0 });
  });
});

describe('limits', () => {
  it('refuses a dispute more than 7 days after the charge, with the reason', async () => {
    const a = await contractor();
    const sale = await sold(a, { phone: '9375550123', chargedDaysAgo: 7.1 });
    const answer = await call('credit', a, sale.distributionId, { reason: 'bad_number' });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: string }).error).toMatch(/within 7 days of their charge/);
    expect(await money(a, sale)).toMatchObject({ ...UNTOUCHED, credits: 0 });
    const detail = (await (await call('detail', a, sale.distributionId)).json()) as LeadDetail;
    expect(Date.parse(detail.credit.disputableUntil!)).toBeLessThan(Date.now());
  });

  it('refuses a lead whose charge failed', async () => {
    const a = await contractor();
    const lead = await createLead(sql);
    const [d] = await sql<{ id: string }[]>`
      insert into lead_distributions (lead_id, business_id, rank, status, payment_status)
      values (${lead.id}, ${a.businessId}, 1, 'payment_failed', 'failed') returning id`;
    const answer = await call('credit', a, d!.id, { reason: 'bad_number' });
    expect(answer.status).toBe(409);
    const [count] = await sql`select count(*)::int as n from lead_credits where distribution_id = ${d!.id}`;
    expect(count!['n']).toBe(0);
  });

  it('five disputes of one lead at once make one credit, one refund and one mail', async () => {
    const a = await contractor();
    const sale = await sold(a, { phone: '9375550123' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('credit', a, sale.distributionId, { reason: 'bad_number' })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const credits = (await Promise.all(answers.map((r) => r.json()))) as LeadCredit[];
    expect(new Set(credits.map((c) => c.id)).size).toBe(1);
    expect(credits.every((c) => c.status === 'refunded')).toBe(true);
    expect(await money(a, sale)).toEqual(REFUNDED);
    // Asked again later: the same credit, still one refund.
    expect(await dispute(a, sale.distributionId, { reason: 'other', note: 'again' })).toMatchObject({
      id: credits[0]!.id,
      status: 'refunded',
    });
    expect(await money(a, sale)).toEqual(REFUNDED);
  });
});

describe('a gateway outage', () => {
  it('leaves the credit refunding; the sweeper refunds it once with the same key', async () => {
    const a = await contractor();
    const sale = await sold(a, { phone: '9375550123' });
    const down = { ...gateway, refund: () => Promise.reject(new Error('gateway down')) };
    const credit = await disputeLead(sql, down, a.businessId, sale.distributionId, { reason: 'bad_number' });
    expect(credit.status).toBe('refunding');
    expect(await money(a, sale)).toMatchObject({ ...UNTOUCHED, credits: 1 });
    await sql`update lead_credits set created_at = now() - interval '2 minutes' where id = ${credit.id}`;
    expect(await resumeRefundingCredits(sql, gateway)).toBeGreaterThanOrEqual(1);
    await resumeRefundingCredits(sql, gateway);
    expect(await money(a, sale)).toEqual(REFUNDED);
  });
});

describe('contractor A against B', () => {
  it("answers 404 for B's lead and B's receipt, and writes nothing", async () => {
    const a = await contractor();
    const b = await contractor();
    const sale = await sold(b, { phone: '9375550123' });
    const dispute = await call('credit', a, sale.distributionId, { reason: 'bad_number' });
    expect(dispute.status).toBe(404);
    expect(((await dispute.json()) as { error: string }).error).toBe('Lead not found');
    expect(await money(b, sale)).toMatchObject({ ...UNTOUCHED, credits: 0 });
    const receipt = await call('receipt', a, sale.transactionId);
    expect(receipt.status).toBe(404);
    expect(((await receipt.json()) as { error: string }).error).toBe('Transaction not found');
    const [row] = await sql`select receipt_url from payment_transactions where id = ${sale.transactionId}`;
    expect(row!['receipt_url']).toBeNull();
  });
});

describe('receipts', () => {
  it("redirects to a paid charge's receipt and stores its URL once", async () => {
    const a = await contractor();
    const sale = await sold(a);
    const answer = await call('receipt', a, sale.transactionId);
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(new RegExp(`/sandbox/receipts/${sale.intentId}$`));
    const [row] = await sql`select receipt_url from payment_transactions where id = ${sale.transactionId}`;
    expect(row!['receipt_url']).toBe(location);
    expect((await call('receipt', a, sale.transactionId)).headers.get('location')).toBe(location);
  });

  it("answers 'Receipt Not Available' for a failed charge", async () => {
    const a = await contractor();
    const [t] = await sql<{ id: string }[]>`
      insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                        stripe_payment_intent_id, failure_message)
      values (${a.businessId}, ${`receipt-test-${randomUUID()}`}, 3000, 'failed', 'pi_sandbox_none', 'Your card was declined.')
      returning id`;
    const answer = await call('receipt', a, t!.id);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: string }).error).toBe('Receipt Not Available');
  });
});

describe('the demo credit', () => {
  it('is a refunded credit made through the real path, written once', async () => {
    const a = await contractor();
    expect(await seedDemoCredits(sql, a.ownerEmail)).toBe(1);
    expect(await seedDemoCredits(sql, a.ownerEmail)).toBe(0);
    const rows = await sql`
      select c.status, c.reason, t.payment_status, (select count(*)::int from sandbox_refunds r
               where r.payment_intent_id = t.stripe_payment_intent_id) as refunds
        from lead_credits c join payment_transactions t on t.id = c.transaction_id
       where c.business_id = ${a.businessId}`;
    expect(rows).toEqual([
      { status: 'refunded', reason: 'bad_number', payment_status: 'refunded', refunds: 1 },
    ]);
  });
});

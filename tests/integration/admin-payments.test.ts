// The admin payments page's APIs through the real endpoints, database and sandbox gateway: the
// transaction lists (status and business filters, failures with the decline reason, keyset pages),
// the dispute queue (grant: refunded once through the gateway with the credit's key, even when
// granted twice or twice at once; decline: mailed with the reason; both audited with before and
// after, and shown to the contractor), chargebacks, and every API refusing non-admins.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  AdminChargebackPage,
  AdminCreditPage,
  AdminCreditRequest,
  AdminTransactionPage,
} from '../../src/schemas/admin-payments.ts';
import { listTransactions } from '../../src/server/admin/list-payments.ts';
import type { SessionUser } from '../../src/server/platform/security/sessions.ts';
import { disputeLead } from '../../src/server/leads/credits/dispute-lead.ts';
import { leadCreditState } from '../../src/server/leads/credits/lead-credit-state.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { DEMO_OPEN_CREDIT_NOTE, seedDemoPayments } from '../../scripts/lib/seed-demo-payments.ts';
import { createBusiness, createLead, createUser, giveCard } from '../factories/index.ts';
import { apiContext, signedInUser } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const gateway = createSandboxGateway(sql);

type Method = 'GET' | 'POST';
const endpoints: Record<string, Partial<Record<Method, APIRoute>>> = {};
let admin: SessionUser;
let homeowner: SessionUser;
let contractorUser: SessionUser;

beforeAll(async () => {
  endpoints['transactions'] = await import('../../src/pages/api/admin/payments/transactions.ts');
  endpoints['credits'] = await import('../../src/pages/api/admin/payments/credits/index.ts');
  endpoints['grant'] = await import('../../src/pages/api/admin/payments/credits/[id]/grant.ts');
  endpoints['decline'] = await import('../../src/pages/api/admin/payments/credits/[id]/decline.ts');
  endpoints['chargebacks'] = await import('../../src/pages/api/admin/payments/chargebacks.ts');
  endpoints['revenue'] = await import('../../src/pages/api/admin/revenue-validation.ts');
  admin = await signedInUser(sql, ['admin']);
  homeowner = await signedInUser(sql);
  contractorUser = await signedInUser(sql, ['contractor']);
});

function call(
  name: string,
  method: Method,
  user: SessionUser | null,
  options: { path?: string; params?: Record<string, string>; body?: unknown } = {},
): Promise<Response> {
  const context = apiContext({ ...options, method, path: options.path ?? '/api/admin/payments/x', user });
  return Promise.resolve(endpoints[name]![method]!(context));
}
const get = async <T>(name: string, path: string): Promise<T> => {
  const answer = await call(name, 'GET', admin, { path });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
};
const decide = (action: 'grant' | 'decline', id: string, reason: unknown, user: SessionUser | null = admin) =>
  call(action, 'POST', user, { params: { id }, body: { reason } });

interface Contractor {
  businessId: string;
  name: string;
  email: string;
}

async function contractor(): Promise<Contractor> {
  const owner = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, {
    ownerId: owner.id,
    name: `Payments Co ${randomUUID().slice(0, 8)}`,
  });
  await giveCard(sql, business.id);
  const [b] = await sql<
    { name: string; email: string }[]
  >`select name, email from businesses where id = ${business.id}`;
  return { businessId: business.id, name: b!.name, email: b!.email };
}

/** A lead charged to the business through the sandbox an hour ago, recorded as the pipeline does. */
async function sold(who: Contractor) {
  const lead = await createLead(sql);
  await sql`update leads set phone = '9372284400', zip_code = '45402', latitude = 39.7589, longitude = -84.1916
             where id = ${lead.id}`;
  const [d] = await sql<{ id: string }[]>`
    insert into lead_distributions (lead_id, business_id, rank, status, created_at, sent_at, charged_at, payment_status)
    values (${lead.id}, ${who.businessId}, 1, 'sent', now() - interval '1 hour', now() - interval '1 hour',
            now() - interval '1 hour', 'paid') returning id`;
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
    values (${who.businessId}, ${lead.id}, ${d!.id}, ${key}, 3000, 'paid', ${result.paymentIntentId}, 'Lead charge',
            now() - interval '1 hour')
    returning id`;
  await sql`update lead_distributions set stripe_payment_intent_id = ${result.paymentIntentId} where id = ${d!.id}`;
  return { distributionId: d!.id, transactionId: t!.id, intentId: result.paymentIntentId };
}

/** A charged lead the contractor disputed for a reason no rule settles: open in the admin queue. */
async function openCredit(who?: Contractor) {
  const business = who ?? (await contractor());
  const sale = await sold(business);
  const credit = await disputeLead(sql, gateway, business.businessId, sale.distributionId, {
    reason: 'other',
    note: 'The homeowner had already hired someone.',
  });
  expect(credit.status).toBe('open');
  return { ...sale, business, creditId: credit.id };
}

const refundsOf = async (intentId: string) =>
  (
    await sql<
      { n: number }[]
    >`select count(*)::int as n from sandbox_refunds where payment_intent_id = ${intentId}`
  )[0]!.n;
const mailsTo = (to: string) =>
  sql<{ subject: string; text_body: string; template: string }[]>`
    select subject, text_body, template from mail_outbox where to_address = ${to} order by id`;
const auditOf = (id: string) =>
  sql<{ action: string; actor_user_id: string; before_values: unknown; after_values: unknown }[]>`
    select action, actor_user_id, before_values, after_values from audit_log
     where entity_type = 'lead_credit' and entity_id = ${id} order by id`;

describe('who may use the payments APIs', () => {
  const id = randomUUID();
  const requests: [string, Method, { path?: string; params?: Record<string, string>; body?: unknown }][] = [
    ['transactions', 'GET', { path: '/api/admin/payments/transactions' }],
    ['credits', 'GET', { path: '/api/admin/payments/credits' }],
    ['chargebacks', 'GET', { path: '/api/admin/payments/chargebacks' }],
    ['revenue', 'GET', { path: '/api/admin/revenue-validation' }],
    ['grant', 'POST', { params: { id }, body: { reason: 'Matrix' } }],
    ['decline', 'POST', { params: { id }, body: { reason: 'Matrix' } }],
  ];
  it.each(requests)(
    '%s %s refuses homeowners and contractors (403) and the signed-out (401)',
    async (name, method, options) => {
      expect((await call(name, method, homeowner, options)).status).toBe(403);
      expect((await call(name, method, contractorUser, options)).status).toBe(403);
      expect((await call(name, method, null, options)).status).toBe(401);
    },
  );

  it('refuses a contractor’s grant before anything moves', async () => {
    const { creditId, intentId } = await openCredit();
    expect((await decide('grant', creditId, 'Looks fine', contractorUser)).status).toBe(403);
    expect((await decide('decline', creditId, 'No', homeowner)).status).toBe(403);
    expect(await refundsOf(intentId)).toBe(0);
    const [row] = await sql<{ status: string }[]>`select status from lead_credits where id = ${creditId}`;
    expect(row!.status).toBe('open');
  });
});

describe('the dispute queue', () => {
  it('lists open credit requests with the contractor’s reason and note', async () => {
    const { creditId, business } = await openCredit();
    const page = await get<AdminCreditPage>('credits', '/api/admin/payments/credits');
    const listed = page.credits.find((c) => c.id === creditId);
    expect(listed).toMatchObject({
      businessName: business.name,
      reason: 'other',
      note: 'The homeowner had already hired someone.',
      amountCents: 3000,
      status: 'open',
    });
  });

  it('grants: refunds once through the gateway, marks the charge refunded, mails and audits, and leaves the queue', async () => {
    const { creditId, intentId, transactionId, distributionId, business } = await openCredit();
    const answer = await decide('grant', creditId, 'The homeowner confirmed it was a test request.');
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { credit } = (await answer.json()) as { credit: AdminCreditRequest };
    expect(credit).toMatchObject({
      status: 'refunded',
      decisionReason: 'The homeowner confirmed it was a test request.',
    });
    expect(await refundsOf(intentId)).toBe(1);
    const [t] = await sql<{ payment_status: string; refunded_amount_cents: number }[]>`
      select payment_status, refunded_amount_cents from payment_transactions where id = ${transactionId}`;
    expect(t).toEqual({ payment_status: 'refunded', refunded_amount_cents: 3000 });
    const [d] = await sql<
      { payment_status: string }[]
    >`select payment_status from lead_distributions where id = ${distributionId}`;
    expect(d!.payment_status).toBe('refunded');
    const mails = await mailsTo(business.email);
    expect(mails.map((m) => m.template)).toEqual(['lead_credit_refunded']);
    expect(mails[0]!.text_body).toContain('The homeowner confirmed it was a test request.');
    const audit = await auditOf(creditId);
    expect(audit).toEqual([
      {
        action: 'lead_credit.grant',
        actor_user_id: admin.id,
        before_values: { status: 'open', reason: 'other', decisionReason: null },
        after_values: {
          status: 'refunding',
          decisionReason: 'The homeowner confirmed it was a test request.',
          refundCents: 3000,
        },
      },
    ]);
    const queue = await get<AdminCreditPage>('credits', '/api/admin/payments/credits');
    expect(queue.credits.map((c) => c.id)).not.toContain(creditId);
    // The contractor's lead shows the outcome and the reason.
    const state = await leadCreditState(sql, business.businessId, distributionId);
    expect(state.credit).toMatchObject({
      status: 'refunded',
      decision: 'The homeowner confirmed it was a test request.',
    });
  });

  it('a second grant refunds nothing more, and five grants at once refund once', async () => {
    const first = await openCredit();
    expect((await decide('grant', first.creditId, 'Granted')).status).toBe(200);
    const again = await decide('grant', first.creditId, 'Granted again');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { credit: AdminCreditRequest }).credit.decisionReason).toBe('Granted');
    expect(await refundsOf(first.intentId)).toBe(1);

    const second = await openCredit();
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((n) => decide('grant', second.creditId, `At once ${n}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await refundsOf(second.intentId)).toBe(1);
    expect(
      (await mailsTo(second.business.email)).filter((m) => m.template === 'lead_credit_refunded'),
    ).toHaveLength(1);
    expect(await auditOf(second.creditId)).toHaveLength(1);
    const [credit] = await sql<
      { status: string }[]
    >`select status from lead_credits where id = ${second.creditId}`;
    expect(credit!.status).toBe('refunded');
  });

  it('declines with a reason: mailed, audited, shown to the contractor, no refund; a later grant is refused', async () => {
    const { creditId, intentId, distributionId, business } = await openCredit();
    const answer = await decide('decline', creditId, 'The lead was called back and is a real job.');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { credit: AdminCreditRequest }).credit.status).toBe('denied');
    expect(await refundsOf(intentId)).toBe(0);
    const mails = await mailsTo(business.email);
    expect(mails.map((m) => m.template)).toEqual(['lead_credit_declined']);
    expect(mails[0]!.text_body).toContain('The lead was called back and is a real job.');
    expect(await auditOf(creditId)).toEqual([
      {
        action: 'lead_credit.decline',
        actor_user_id: admin.id,
        before_values: { status: 'open', reason: 'other', decisionReason: null },
        after_values: { status: 'denied', decisionReason: 'The lead was called back and is a real job.' },
      },
    ]);
    const state = await leadCreditState(sql, business.businessId, distributionId);
    expect(state.credit).toMatchObject({
      status: 'denied',
      decision: 'The lead was called back and is a real job.',
    });
    // Declining again changes nothing; granting now is refused.
    expect((await decide('decline', creditId, 'Again')).status).toBe(200);
    const grant = await decide('grant', creditId, 'Changed my mind');
    expect(grant.status).toBe(409);
    expect(await refundsOf(intentId)).toBe(0);
    expect(await auditOf(creditId)).toHaveLength(1);
    expect(await mailsTo(business.email)).toHaveLength(1);
  });

  it('needs a reason, a known credit, and a paid charge to refund', async () => {
    const { creditId, transactionId } = await openCredit();
    const blank = await decide('grant', creditId, '   ');
    expect(blank.status).toBe(400);
    expect((await decide('decline', creditId, undefined)).status).toBe(400);
    expect((await decide('grant', randomUUID(), 'Why not')).status).toBe(404);
    expect((await decide('grant', 'not-an-id', 'Why not')).status).toBe(404);
    // The charge was given back some other way (a refund in the gateway's dashboard, recorded by webhook).
    await sql`update payment_transactions set payment_status = 'refunded', refunded_amount_cents = 3000,
               refunded_at = now() where id = ${transactionId}`;
    const grant = await decide('grant', creditId, 'Refund it');
    expect(grant.status).toBe(409);
    expect(await auditOf(creditId)).toHaveLength(0);
  });
});

describe('transactions and chargebacks', () => {
  it('filters by status and business; failures carry the decline reason; keyset pages', async () => {
    const business = await contractor();
    await sold(business);
    await sold(business);
    await sql`
      insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
                                        failure_message, description)
      values (${business.businessId}, ${`test-failed-${randomUUID()}`}, 3000, 'failed', 'Your card has insufficient funds.',
              'Lead charge')`;
    const search = encodeURIComponent(business.name);
    const all = await get<AdminTransactionPage>(
      'transactions',
      `/api/admin/payments/transactions?business=${search}`,
    );
    expect(all.transactions).toHaveLength(3);
    expect(all.transactions.every((t) => t.businessName === business.name)).toBe(true);
    const failed = await get<AdminTransactionPage>(
      'transactions',
      `/api/admin/payments/transactions?status=failed&business=${search}`,
    );
    expect(failed.transactions.map((t) => [t.status, t.failureMessage])).toEqual([
      ['failed', 'Your card has insufficient funds.'],
    ]);
    const paid = await get<AdminTransactionPage>(
      'transactions',
      `/api/admin/payments/transactions?status=paid&business=${search}`,
    );
    expect(paid.transactions.map((t) => t.status)).toEqual(['paid', 'paid']);

    const first = await listTransactions(sql, { business: business.name }, 2);
    expect(first.transactions).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await listTransactions(sql, { business: business.name, cursor: first.nextCursor! }, 2);
    expect(second.transactions).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.transactions, ...second.transactions].map((t) => t.id);
    expect(new Set(ids)).toEqual(new Set(all.transactions.map((t) => t.id)));
    expect(
      (await call('transactions', 'GET', admin, { path: '/api/admin/payments/transactions?cursor=bad' }))
        .status,
    ).toBe(400);
    expect(
      (await call('transactions', 'GET', admin, { path: '/api/admin/payments/transactions?status=stolen' }))
        .status,
    ).toBe(400);
  });

  it('pages through rows made within one millisecond without skipping or repeating one', async () => {
    const business = await contractor();
    for (const micro of ['123401', '123402', '123403']) {
      await sql`
        insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status, created_at)
        values (${business.businessId}, ${`test-micro-${randomUUID()}`}, 3000, 'paid',
                ${`2019-09-01 10:00:00.${micro}+00`})`;
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listTransactions(sql, { business: business.name, cursor }, 1);
      seen.push(...page.transactions.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && seen.length < 10);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('lists chargebacks with their business', async () => {
    const business = await contractor();
    const disputeId = `dp_test_${randomUUID().replaceAll('-', '')}`;
    await sql`
      insert into chargebacks (stripe_dispute_id, stripe_charge_id, business_id, amount_cents, reason, stripe_status)
      values (${disputeId}, 'ch_test_1', ${business.businessId}, 3000, 'fraudulent', 'needs_response')`;
    const page = await get<AdminChargebackPage>('chargebacks', '/api/admin/payments/chargebacks');
    expect(page.chargebacks.find((c) => c.disputeId === disputeId)).toMatchObject({
      businessName: business.name,
      amountCents: 3000,
      reason: 'fraudulent',
      stripeStatus: 'needs_response',
      status: 'open',
    });
  });
});

describe('the demo data', () => {
  it('leaves one credit request open in the queue, through the real dispute path, once', async () => {
    const owner = await createUser(sql, { roles: ['contractor'] });
    const business = await createBusiness(sql, { ownerId: owner.id });
    await giveCard(sql, business.id);
    await sql`
      insert into business_services (business_id, service_id)
      select ${business.id}, id from services order by slug limit 1
      on conflict do nothing`;
    expect(await seedDemoPayments(sql, owner.email)).toBe(1);
    expect(await seedDemoPayments(sql, owner.email)).toBe(0);
    const page = await get<AdminCreditPage>('credits', '/api/admin/payments/credits');
    const demo = page.credits.filter((c) => c.note === DEMO_OPEN_CREDIT_NOTE && c.businessEmail !== null);
    expect(demo.length).toBeGreaterThanOrEqual(1);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from lead_credits where business_id = ${business.id} and status = 'open'`;
    expect(row!.n).toBe(1);
  });
});

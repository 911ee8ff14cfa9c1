// Payment setup with the sandbox gateway, through the real endpoint, the stand-in page's server
// code and the database: starting gives the business a customer ('pending'), each Stripe test
// card does what Stripe's does, a saved card is written once however often the form is posted,
// a session completes only into the business it was made for (never another contractor's), and
// the stand-in does not exist when the gateway is Stripe.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentSetupStatus } from '../../src/domain/dashboard-rules.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import {
  completeSetupSession,
  findSetupSession,
  type CardForm,
} from '../../src/server/money/sandbox-pages/sandbox-setup.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { createBusiness, createUser } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';
import { SETUP_MESSAGES } from '../../src/server/money/money-rules.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const sandbox = createSandboxGateway(sql);

let endpoint: { POST: APIRoute };
interface Contractor {
  user: SessionUser;
  businessId: string;
}

async function contractor(status: 'ACTIVE' | 'PENDING' = 'ACTIVE'): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id, status });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, businessId: business.id };
}

beforeAll(async () => {
  endpoint = await import('../../src/pages/api/contractor/payment-setup.ts');
});

async function start(user: SessionUser): Promise<Response> {
  return callRoute(endpoint.POST, { method: 'POST', path: '/api/contractor/payment-setup', user });
}

/** Starts setup for `who` and answers the session id from the url it was given. */
async function sessionOf(who: Contractor): Promise<string> {
  const response = await start(who.user);
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname).toBe('http://127.0.0.1:4321/sandbox/checkout/setup');
  return parsed.searchParams.get('session')!;
}

async function business(id: string) {
  const [row] = await sql<{ stripeCustomerId: string | null; paymentSetupCompleted: boolean }[]>`
    select stripe_customer_id as "stripeCustomerId", payment_setup_completed as "paymentSetupCompleted"
      from businesses where id = ${id}`;
  return row!;
}

async function cards(businessId: string) {
  return sql`
    select brand, last4, expiry_month, expiry_year, is_default, status, gateway_payment_method_id
      from payment_methods where business_id = ${businessId}`;
}

const card = (number: string, over: Partial<CardForm> = {}): CardForm => ({
  number,
  expiry: `12 / ${(new Date().getUTCFullYear() + 3) % 100}`,
  cvc: '123',
  ...over,
});

describe('POST /api/contractor/payment-setup', () => {
  it("gives the business a sandbox customer, so its status is 'pending', and keeps it on a second start", async () => {
    const a = await contractor();
    expect(paymentSetupStatus(await business(a.businessId))).toBe('required');
    const first = await sessionOf(a);
    const after = await business(a.businessId);
    expect(after.stripeCustomerId).toMatch(/^cus_sbx_[0-9a-f]{24}$/);
    expect(paymentSetupStatus(after)).toBe('pending');
    const second = await sessionOf(a);
    expect(second).not.toBe(first);
    expect((await business(a.businessId)).stripeCustomerId).toBe(after.stripeCustomerId);
    const sessions = await sql`
      select business_id, customer_id, status, return_url, cancel_url from sandbox_setup_sessions
       where id in ${sql([first, second])}`;
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s).toMatchObject({
        business_id: a.businessId,
        customer_id: after.stripeCustomerId,
        status: 'open',
        return_url: 'http://127.0.0.1:4321/dashboard?tab=payment-setup&setup=success',
        cancel_url: 'http://127.0.0.1:4321/dashboard?tab=payment-setup&setup=cancelled',
      });
    }
  });

  it('refuses a business an admin has not approved, creating nothing', async () => {
    const p = await contractor('PENDING');
    const response = await start(p.user);
    expect(response.status).toBe(403);
    expect((await business(p.businessId)).stripeCustomerId).toBeNull();
    const [{ count }] = (await sql`
      select count(*)::int as count from sandbox_setup_sessions where business_id = ${p.businessId}`) as [
      { count: number },
    ];
    expect(count).toBe(0);
  });
});

describe('the sandbox stand-in of the hosted setup page', () => {
  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000002760003184', SETUP_MESSAGES.authentication],
    ['4000000000000069', 'Your card has expired.'],
    ['4000056655665556', SETUP_MESSAGES.notTestCard],
  ])('refuses %s with "%s" and saves nothing', async (number, message) => {
    const a = await contractor();
    const session = await sessionOf(a);
    expect(await completeSetupSession(sql, sandbox, session, a.user.id, card(number))).toEqual({
      kind: 'refused',
      message,
    });
    expect(await cards(a.businessId)).toHaveLength(0);
    expect(paymentSetupStatus(await business(a.businessId))).toBe('pending');
    const [row] = await sql`select status from sandbox_setup_sessions where id = ${session}`;
    expect(row!['status']).toBe('open');
  });

  it('refuses an incomplete number, a past expiry and a missing CVC with their messages', async () => {
    const a = await contractor();
    const session = await sessionOf(a);
    const lastYear = (new Date().getUTCFullYear() - 1) % 100;
    expect(
      await completeSetupSession(sql, sandbox, session, a.user.id, {
        number: '4242',
        expiry: `01 / ${lastYear}`,
        cvc: '',
      }),
    ).toEqual({
      kind: 'refused',
      message: SETUP_MESSAGES.number,
      fields: { number: SETUP_MESSAGES.number, expiry: SETUP_MESSAGES.expiryPast, cvc: SETUP_MESSAGES.cvc },
    });
    expect(await cards(a.businessId)).toHaveLength(0);
  });

  it("saves 4242... once as the default card, 'completed', however often the form is posted", async () => {
    const a = await contractor();
    const session = await sessionOf(a);
    const { stripeCustomerId } = await business(a.businessId);
    // A declined attempt first, as a person would: the session stays open for the next card.
    await completeSetupSession(sql, sandbox, session, a.user.id, card('4000000000000002'));
    const form = card('4242 4242 4242 4242');
    const answers = await Promise.all([
      completeSetupSession(sql, sandbox, session, a.user.id, form),
      completeSetupSession(sql, sandbox, session, a.user.id, form),
    ]);
    const again = await completeSetupSession(sql, sandbox, session, a.user.id, form);
    for (const answer of [...answers, again]) {
      expect(answer).toEqual({
        kind: 'saved',
        returnUrl: 'http://127.0.0.1:4321/dashboard?tab=payment-setup&setup=success',
      });
    }
    const saved = await cards(a.businessId);
    expect(saved).toEqual([
      {
        brand: 'visa',
        last4: '4242',
        expiry_month: 12,
        expiry_year: new Date().getUTCFullYear() + 3,
        is_default: true,
        status: 'active',
        gateway_payment_method_id: expect.stringMatching(/^pm_sbx_/) as unknown,
      },
    ]);
    const methods = await sql`
      select customer_id, card_number from sandbox_payment_methods where id = ${saved[0]!['gateway_payment_method_id'] as string}`;
    expect(methods).toEqual([{ customer_id: stripeCustomerId, card_number: '4242424242424242' }]);
    expect(paymentSetupStatus(await business(a.businessId))).toBe('completed');
    // The saved card charges off-session through the same sandbox gateway.
    expect(
      await sandbox.charge({
        customerId: stripeCustomerId!,
        paymentMethodId: saved[0]!['gateway_payment_method_id'] as string,
        amountCents: 3000,
        idempotencyKey: `setup-test-${session}`,
        description: 'Lead',
      }),
    ).toMatchObject({ status: 'succeeded' });
  });

  it("never completes contractor A's session into B's business, nor lets B see it", async () => {
    const a = await contractor();
    const b = await contractor();
    const session = await sessionOf(a);
    expect(await findSetupSession(sql, sandbox, session, b.user.id)).toBeNull();
    expect(await completeSetupSession(sql, sandbox, session, b.user.id, card('4242424242424242'))).toBeNull();
    expect(await cards(a.businessId)).toHaveLength(0);
    expect(await cards(b.businessId)).toHaveLength(0);
    expect(paymentSetupStatus(await business(a.businessId))).toBe('pending');
    expect(paymentSetupStatus(await business(b.businessId))).toBe('required');
    // Nor without signing in.
    expect(await findSetupSession(sql, sandbox, session, null)).toBeNull();
    // A's own session is still A's to complete.
    expect(await findSetupSession(sql, sandbox, session, a.user.id)).toMatchObject({
      businessId: a.businessId,
    });
  });

  it('refuses an expired session', async () => {
    const a = await contractor();
    const session = await sessionOf(a);
    await sql`update sandbox_setup_sessions set expires_at = now() - interval '1 minute' where id = ${session}`;
    expect(await completeSetupSession(sql, sandbox, session, a.user.id, card('4242424242424242'))).toBeNull();
    expect(await cards(a.businessId)).toHaveLength(0);
  });

  it('does not exist when the gateway is Stripe', async () => {
    const a = await contractor();
    const session = await sessionOf(a);
    const stripe = createStripeGateway('sk_test_not_used');
    expect(await findSetupSession(sql, stripe, session, a.user.id)).toBeNull();
    expect(await completeSetupSession(sql, stripe, session, a.user.id, card('4242424242424242'))).toBeNull();
    expect(await cards(a.businessId)).toHaveLength(0);
    // Stripe's own hosted page and return: tests/integration/stripe-payment-setup.test.ts.
  });
});

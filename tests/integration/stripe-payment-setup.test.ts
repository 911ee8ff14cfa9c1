// Payment setup through Stripe Checkout in setup mode, with the real stripe SDK against the
// stand-in of Stripe's API and the real database: starting makes one Customer per business and a
// setup session; the card is recorded from the contractor's return (the real endpoint, Stripe
// chosen by STRIPE_SECRET_KEY and pointed at the stand-in by STRIPE_API_URL) and from the setup
// webhooks, once, in either order and however often; another business's session, an unknown or
// a tampered id change nothing; a detached card is 'removed' and the status leaves 'completed'
// when no active card is left; an updated card's expiry is refreshed.
import type { APIRoute } from 'astro';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentSetupStatus } from '../../src/domain/dashboard-rules.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { startPaymentSetup } from '../../src/server/money/gateway/payment-setup.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { completePaymentSetup } from '../../src/server/money/gateway/stripe-setup-record.ts';
import { setupWebhookHandlers } from '../../src/server/stripe-events/setup-events.ts';
import type { WebhookHandlers } from '../../src/server/money/gateway/stripe-event-types.ts';
import { createBusiness, createUser } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { completeCheckoutSetup } from '../helpers/stripe-stand-in/checkout-sessions.ts';
import { startStripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import type { SetupTestCard } from '../helpers/stripe-stand-in/payment-methods.ts';
import { callRoute } from '../helpers/api-context.ts';

// The stand-in first: the server's configuration is read once, on first use.
const standIn = await startStripeStandIn();
process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['STRIPE_SECRET_KEY'] = 'sk_test_setup_endpoint';
process.env['STRIPE_API_URL'] = `http://127.0.0.1:${standIn.port}`;
afterAll(() => standIn.close());

const sql = useTestSql();
const connection = { host: '127.0.0.1', port: standIn.port, protocol: 'http' as const };
const stripe = new Stripe('sk_test_x', connection);
const gateway = createStripeGateway('sk_test_x', connection);
const ORIGIN = 'http://127.0.0.1:4321';

let endpoint: { POST: APIRoute };
beforeAll(async () => {
  endpoint = await import('../../src/pages/api/contractor/payment-setup/complete.ts');
});

interface Contractor {
  user: SessionUser;
  businessId: string;
}

async function contractor(): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, businessId: business.id };
}

async function businessRow(id: string) {
  const [row] = await sql<{ id: string; stripeCustomerId: string | null; paymentSetupCompleted: boolean }[]>`
    select id, stripe_customer_id as "stripeCustomerId", payment_setup_completed as "paymentSetupCompleted"
      from businesses where id = ${id}`;
  return row!;
}

/** Starts setup for `who` as POST /api/contractor/payment-setup does; the session id from its URL. */
async function start(who: Contractor): Promise<string> {
  const { url } = await startPaymentSetup(
    sql,
    gateway,
    await businessRow(who.businessId),
    who.user.email,
    ORIGIN,
  );
  const match = /^https:\/\/checkout\.stripe\.com\/c\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(url);
  expect(match).not.toBeNull();
  return match![1]!;
}

interface CardRow {
  id: string;
  brand: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  is_default: boolean;
  status: string;
}

/** The cards and the setup state of a business, as the dashboard and the matcher read them. */
async function state(businessId: string) {
  const cards = await sql<CardRow[]>`
    select gateway_payment_method_id as id, brand, last4, expiry_month, expiry_year, is_default, status
      from payment_methods where business_id = ${businessId} order by created_at, gateway_payment_method_id`;
  return { cards, status: paymentSetupStatus(await businessRow(businessId)) };
}

async function postComplete(user: SessionUser, body: unknown): Promise<Response> {
  return callRoute(endpoint.POST, {
    method: 'POST',
    path: '/api/contractor/payment-setup/complete',
    user,
    body,
  });
}

let eventNumber = 0;
/** Runs the setup part's handler for `type` as the webhook endpoint would, with Stripe's event shape. */
async function deliver(type: keyof WebhookHandlers, object: unknown, previous?: Record<string, unknown>) {
  eventNumber += 1;
  const event = {
    id: `evt_setup_${eventNumber}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
  } as unknown as Stripe.Event;
  await setupWebhookHandlers[type]!({ sql, stripe, event });
}

/** What Stripe sends after its hosted page saved `card` on the session. */
function saveOnHostedPage(sessionId: string, card: SetupTestCard = 'pm_card_visa') {
  return completeCheckoutSetup(standIn.state, sessionId, card);
}

/** Every setup webhook Stripe sends for a completed setup, in the given order. */
async function webhooksFor(saved: ReturnType<typeof saveOnHostedPage>, order: number[] = [0, 1, 2]) {
  const events: [keyof WebhookHandlers, unknown][] = [
    ['checkout.session.completed', saved.session],
    ['setup_intent.succeeded', saved.setupIntent],
    ['payment_method.attached', saved.paymentMethod],
  ];
  for (const index of order) await deliver(...events[index]!);
}

describe('Stripe createSetupSession', () => {
  it('makes one Customer per business (email, metadata, idempotency key) and a setup-mode session', async () => {
    const a = await contractor();
    const before = standIn.requests.length;
    const sessionId = await start(a);
    const sent = standIn.requests.slice(before);
    const customerCall = sent.find((r) => r.path === '/v1/customers')!;
    expect(customerCall.idempotencyKey).toBe(`customer-for-business-${a.businessId}`);
    expect(Object.fromEntries(customerCall.body)).toEqual({
      email: a.user.email,
      'metadata[businessId]': a.businessId,
    });
    const { stripeCustomerId } = await businessRow(a.businessId);
    expect(stripeCustomerId).toMatch(/^cus_/);
    const sessionCall = sent.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(sessionCall.body)).toMatchObject({
      mode: 'setup',
      customer: stripeCustomerId,
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      'setup_intent_data[metadata][businessId]': a.businessId,
      success_url: `${ORIGIN}/dashboard?tab=payment-setup&setup=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/dashboard?tab=payment-setup&setup=cancelled`,
    });
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ mode: 'setup', status: 'open', customer: stripeCustomerId });
    expect(paymentSetupStatus(await businessRow(a.businessId))).toBe('pending');

    // A second start keeps the customer and makes no other.
    const again = standIn.requests.length;
    await start(a);
    expect(standIn.requests.slice(again).filter((r) => r.path === '/v1/customers')).toHaveLength(0);
    expect((await businessRow(a.businessId)).stripeCustomerId).toBe(stripeCustomerId);
  });

  it('gives two starts at once the same Customer', async () => {
    const a = await contractor();
    const business = await businessRow(a.businessId);
    const [one, two] = await Promise.all([
      gateway.createSetupSession({
        businessId: a.businessId,
        customerId: null,
        email: a.user.email,
        returnUrl: `${ORIGIN}/r?x=1`,
        cancelUrl: `${ORIGIN}/c`,
      }),
      gateway.createSetupSession({
        businessId: business.id,
        customerId: null,
        email: a.user.email,
        returnUrl: `${ORIGIN}/r?x=1`,
        cancelUrl: `${ORIGIN}/c`,
      }),
    ]);
    expect(one.customerId).toBe(two.customerId);
    expect(one.sessionId).not.toBe(two.sessionId);
  });
});

describe('the return from the hosted page (POST /api/contractor/payment-setup/complete)', () => {
  it("records nothing while the session is open, then the card once: default, active, 'completed'", async () => {
    const a = await contractor();
    const sessionId = await start(a);
    const open = await postComplete(a.user, { sessionId });
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ status: 'pending' });
    expect((await state(a.businessId)).cards).toHaveLength(0);

    const saved = saveOnHostedPage(sessionId);
    const answers = await Promise.all([
      postComplete(a.user, { sessionId }),
      postComplete(a.user, { sessionId }),
    ]);
    for (const answer of answers) expect(await answer.json()).toEqual({ status: 'completed' });
    expect(await (await postComplete(a.user, { sessionId })).json()).toEqual({ status: 'completed' });
    expect(await state(a.businessId)).toEqual({
      status: 'completed',
      cards: [
        {
          id: saved.paymentMethod.id,
          brand: 'visa',
          last4: '4242',
          expiry_month: 12,
          expiry_year: new Date().getUTCFullYear() + 3,
          is_default: true,
          status: 'active',
        },
      ],
    });
    // The card is the one a lead is charged to, off-session.
    const { stripeCustomerId } = await businessRow(a.businessId);
    expect(
      await gateway.charge({
        customerId: stripeCustomerId!,
        paymentMethodId: saved.paymentMethod.id,
        amountCents: 3000,
        idempotencyKey: `setup-return-${sessionId}`,
        description: 'Lead',
      }),
    ).toMatchObject({ status: 'succeeded' });
  });

  it("never records contractor A's session into B's business: 404, nothing changes", async () => {
    const a = await contractor();
    const b = await contractor();
    const sessionId = await start(a);
    await start(b);
    saveOnHostedPage(sessionId);
    const response = await postComplete(b.user, { sessionId });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'Payment setup session not found' });
    expect(await state(b.businessId)).toEqual({ cards: [], status: 'pending' });
    expect(await state(a.businessId)).toEqual({ cards: [], status: 'pending' });
    // A's own return still records it.
    expect(await (await postComplete(a.user, { sessionId })).json()).toEqual({ status: 'completed' });
  });

  it('answers 404 for an unknown session and 400 for a tampered id, writing nothing', async () => {
    const a = await contractor();
    await start(a);
    expect((await postComplete(a.user, { sessionId: 'cs_test_standin_999999' })).status).toBe(404);
    for (const sessionId of ['cs_x/../../v1/customers', 'pm_card_visa', '', 'cs_' + 'a'.repeat(300), 42]) {
      expect((await postComplete(a.user, { sessionId })).status).toBe(400);
    }
    expect(await state(a.businessId)).toEqual({ cards: [], status: 'pending' });
  });

  it('answers 404 for a session of a business with no Stripe customer yet', async () => {
    const a = await contractor();
    const b = await contractor(); // never started: no customer
    const sessionId = await start(a);
    saveOnHostedPage(sessionId);
    await expect(completePaymentSetup(sql, stripe, b.businessId, sessionId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await state(b.businessId)).toEqual({ cards: [], status: 'required' });
  });
});

describe('the setup webhooks (setupWebhookHandlers)', () => {
  it('record the card once whatever the order, with or without the return, and for duplicates', async () => {
    const runs: {
      name: string;
      run: (sessionId: string, saved: ReturnType<typeof saveOnHostedPage>, who: Contractor) => Promise<void>;
    }[] = [
      {
        name: 'return then webhooks',
        run: async (id, saved, who) => {
          expect((await postComplete(who.user, { sessionId: id })).status).toBe(200);
          await webhooksFor(saved);
        },
      },
      {
        name: 'webhooks then return',
        run: async (id, saved, who) => {
          await webhooksFor(saved);
          expect((await postComplete(who.user, { sessionId: id })).status).toBe(200);
        },
      },
      {
        name: 'webhooks reversed, twice',
        run: async (_id, saved) => {
          await webhooksFor(saved, [2, 1, 0]);
          await webhooksFor(saved, [1, 2, 0]);
        },
      },
      // On one connection (PGlite shares one backend between the test's and the endpoint's pools).
      {
        name: 'all at once',
        run: async (id, saved, who) => {
          await Promise.all([
            webhooksFor(saved),
            completePaymentSetup(sql, stripe, who.businessId, id),
            webhooksFor(saved, [2, 0, 1]),
          ]);
        },
      },
    ];
    const results = [];
    for (const { run } of runs) {
      const who = await contractor();
      const sessionId = await start(who);
      const saved = saveOnHostedPage(sessionId, 'pm_card_mastercard');
      await run(sessionId, saved, who);
      const { cards, status } = await state(who.businessId);
      expect(cards.map((card) => card.id)).toEqual([saved.paymentMethod.id]);
      results.push({ status, cards: cards.map(({ id: _id, ...card }) => card) });
    }
    for (const result of results) {
      expect(result).toEqual({
        status: 'completed',
        cards: [
          {
            brand: 'mastercard',
            last4: '4444',
            expiry_month: 12,
            expiry_year: new Date().getUTCFullYear() + 3,
            is_default: true,
            status: 'active',
          },
        ],
      });
    }
  });

  it('ignore a session that is not a setup, and a setup of a customer no business has', async () => {
    const a = await contractor();
    await start(a);
    // A subscription's session is the plans part's: not even re-read here.
    const before = standIn.requests.length;
    await deliver('checkout.session.completed', {
      id: 'cs_test_sub',
      object: 'checkout.session',
      mode: 'subscription',
    });
    expect(standIn.requests.length).toBe(before);
    // A setup of someone else's Stripe customer.
    const stranger = await stripe.customers.create({ email: 'x@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: stranger.id,
      currency: 'usd',
      success_url: `${ORIGIN}/x`,
      setup_intent_data: { metadata: { businessId: a.businessId } },
    });
    const saved = saveOnHostedPage(session.id);
    await webhooksFor(saved);
    expect(await state(a.businessId)).toEqual({ cards: [], status: 'pending' });
    expect(
      await sql`select 1 from payment_methods where gateway_payment_method_id = ${saved.paymentMethod.id}`,
    ).toHaveLength(0);
  });

  it("write nothing for an object Stripe does not have (Stripe's 404, which the endpoint records as missing), and throw on other errors", async () => {
    const a = await contractor();
    await start(a);
    const missing = { type: 'StripeInvalidRequestError', statusCode: 404 };
    await expect(
      deliver('checkout.session.completed', {
        id: 'cs_test_gone',
        object: 'checkout.session',
        mode: 'setup',
      }),
    ).rejects.toMatchObject(missing);
    await expect(
      deliver('setup_intent.succeeded', { id: 'seti_gone', object: 'setup_intent' }),
    ).rejects.toMatchObject(missing);
    await expect(
      deliver('payment_method.attached', { id: 'pm_gone', object: 'payment_method', customer: null }),
    ).rejects.toMatchObject(missing);
    expect(await state(a.businessId)).toEqual({ cards: [], status: 'pending' });
    // A wrong key is not "missing": Stripe is asked again later.
    const event = { id: 'evt_x', type: 'payment_method.updated', data: { object: { id: 'pm_card_visa' } } };
    await expect(
      setupWebhookHandlers['payment_method.updated']!({
        sql,
        stripe: new Stripe('rk_live_wrong', connection),
        event: event as unknown as Stripe.Event,
      }),
    ).rejects.toThrow(/Invalid API Key/);
  });

  it('make the newest card the default; a detached card is removed and the status leaves completed when none is left', async () => {
    const a = await contractor();
    const first = saveOnHostedPage(await start(a), 'pm_card_visa');
    await webhooksFor(first);
    const second = saveOnHostedPage(await start(a), 'pm_card_amex');
    // Stripe's times are in seconds: the second card is the newer one.
    second.paymentMethod['created'] = (first.paymentMethod['created'] as number) + 60;
    // Events of the second card first, then the first's again: the newest is still the default.
    await webhooksFor(second, [2, 0, 1]);
    await webhooksFor(first);
    const both = await state(a.businessId);
    expect(both.cards.map((c) => [c.id, c.is_default, c.status])).toEqual([
      [first.paymentMethod.id, false, 'active'],
      [second.paymentMethod.id, true, 'active'],
    ]);

    // The default card detached (e.g. in the Customer Portal): the other one takes over.
    const detached = await stripe.paymentMethods.detach(second.paymentMethod.id);
    await deliver('payment_method.detached', detached, {
      customer: (await businessRow(a.businessId)).stripeCustomerId,
    });
    await deliver('payment_method.attached', second.paymentMethod); // late, out of order
    const one = await state(a.businessId);
    expect(one.status).toBe('completed');
    expect(one.cards.map((c) => [c.id, c.is_default, c.status])).toEqual([
      [first.paymentMethod.id, true, 'active'],
      [second.paymentMethod.id, false, 'removed'],
    ]);

    // The last card detached: no card to charge, so setup is no longer completed.
    await deliver('payment_method.detached', await stripe.paymentMethods.detach(first.paymentMethod.id));
    await deliver('payment_method.detached', first.paymentMethod); // a duplicate with the old copy
    const none = await state(a.businessId);
    expect(none.status).toBe('pending');
    expect(none.cards.map((c) => [c.is_default, c.status])).toEqual([
      [false, 'removed'],
      [false, 'removed'],
    ]);
    // The matcher finds no card for it.
    const [card] = await sql`
      select 1 from payment_methods where business_id = ${a.businessId} and is_default and status = 'active'`;
    expect(card).toBeUndefined();
  });

  it('record a detached event that arrives before anything else as removed, never active', async () => {
    const a = await contractor();
    const saved = saveOnHostedPage(await start(a));
    const customer = saved.paymentMethod['customer'] as string;
    await stripe.paymentMethods.detach(saved.paymentMethod.id);
    await deliver('payment_method.detached', { ...saved.paymentMethod, customer: null }, { customer });
    await webhooksFor(saved);
    await postComplete(a.user, { sessionId: saved.session.id });
    const after = await state(a.businessId);
    expect(after.status).toBe('pending');
    expect(after.cards.map((c) => [c.is_default, c.status])).toEqual([[false, 'removed']]);
  });

  it('refresh the expiry of an updated card from Stripe, not from the event', async () => {
    const a = await contractor();
    const saved = saveOnHostedPage(await start(a));
    await webhooksFor(saved);
    const updated = await stripe.paymentMethods.update(saved.paymentMethod.id, {
      card: { exp_month: 3, exp_year: 2040 },
    });
    // The event's copy claims another expiry: the re-read object wins.
    await deliver('payment_method.updated', {
      ...updated,
      card: { ...updated.card, exp_month: 1, exp_year: 2001 },
    });
    const after = await state(a.businessId);
    expect(after.cards.map((c) => [c.expiry_month, c.expiry_year, c.is_default, c.status])).toEqual([
      [3, 2040, true, 'active'],
    ]);
    expect(after.status).toBe('completed');
  });
});

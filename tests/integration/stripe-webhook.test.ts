// POST /api/stripe/webhook through its real route, the real test database and the real stripe SDK
// against the stand-in of Stripe's API, with events signed by the SDK's test helper: a bad
// signature writes nothing; an event id runs once; the re-read object decides, whatever order
// events come in; a webhook racing the synchronous answer of a lead charge leaves one transaction
// row and one mail; a handler that fails is a 500 and Stripe's retry finishes the work.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { db, type Sql } from '../../src/server/platform/db/client.ts';
import { startPaymentSetup } from '../../src/server/money/gateway/payment-setup.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { receiveStripeEvent } from '../../src/server/stripe-events/receive-event.ts';
import { WEBHOOK_EVENT_TYPES } from '../../src/server/stripe-events/handlers.ts';
import type { WebhookHandlers } from '../../src/server/money/gateway/stripe-event-types.ts';
import { chargeDistribution } from '../../src/server/leads/requests/charge-distribution.ts';
import type { Candidate, LeadRow } from '../../src/server/leads/requests/types.ts';
import { MAX_WEBHOOK_BYTES } from '../../src/server/platform/security/body-limits.ts';
import { createBusiness, createLead } from '../factories/index.ts';
import { completeCheckoutSetup } from '../helpers/stripe-stand-in/checkout-sessions.ts';
import { startStripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import { sharedStripeClient as stripeClient } from '../../src/server/money/gateway/stripe-client.ts';
import { disputeCharge, refundCharge } from '../helpers/stripe-stand-in/disputes.ts';
import type { StripeObject } from '../helpers/stripe-stand-in/state.ts';
import { callRoute } from '../helpers/api-context.ts';

const SECRET = 'whsec_test_webhook_endpoint_secret';
const API_KEY = 'sk_test_webhook';
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['STRIPE_SECRET_KEY'] = API_KEY;
process.env['STRIPE_WEBHOOK_SECRET'] = SECRET;
process.env['STRIPE_API_URL'] = `http://127.0.0.1:${standIn.port}`;
const { POST } = await import('../../src/pages/api/stripe/webhook.ts');
// The endpoint's own client, for the test's queries and the synchronous path too: on the embedded
// PGlite a process keeps to one connection (src/server/platform/db/client.ts); on PostgreSQL (CI) it is a
// pool, and the race below runs truly in parallel.
const sql = db();
afterAll(() => sql.end({ timeout: 5 }));

const signer = new Stripe(API_KEY);
const gateway = createStripeGateway(API_KEY, { host: '127.0.0.1', port: standIn.port, protocol: 'http' });

/** A Stripe event of `type` about `object`, as Stripe's payload carries it. */
function stripeEvent(type: string, object: object, id = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

async function deliver(
  event: object | string,
  { secret = SECRET, signature }: { secret?: string; signature?: string | null } = {},
): Promise<Response> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header =
    signature === undefined ? signer.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  return callRoute(POST, {
    method: 'POST',
    path: '/api/stripe/webhook',
    user: null,
    clientAddress: '54.187.174.169',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    rawBody: payload,
  });
}

interface Sale {
  distributionId: string;
  businessId: string;
  email: string;
  intent: StripeObject & { status: string; latest_charge: string | null };
}

/**
 * A lead charged to a new business's card through the Stripe adapter. `afterCharge` runs between
 * the gateway's answer and its record (the webhook's moment to race it); throwing there leaves the
 * charge made at Stripe and the distribution 'pending', as a crash would.
 */
async function sellLead(
  card: 'pm_card_visa' | 'pm_card_chargeDeclined' = 'pm_card_visa',
  afterCharge?: (distributionId: string) => void | Promise<void>,
): Promise<Sale> {
  const business = await createBusiness(sql, { paymentSetupCompleted: true });
  const customer = standIn.state.put({ id: standIn.state.id('cus'), object: 'customer' });
  await sql`update businesses set stripe_customer_id = ${customer.id} where id = ${business.id}`;
  const [owner] = await sql<{ email: string }[]>`select email from businesses where id = ${business.id}`;
  const email = owner!.email;
  const lead = await createLead(sql);
  const [leadRow] = await sql<LeadRow[]>`select * from leads where id = ${lead.id}`;
  const candidate: Candidate = {
    id: business.id,
    name: business.name,
    email,
    customerId: customer.id,
    paymentMethodId: card,
    featured: false,
    score: 0,
  };
  await chargeDistribution(sql, leadRow!, candidate, 1, {
    gateway,
    ...(afterCharge ? { afterCharge } : {}),
  }).catch((error: unknown) => {
    if (!(error instanceof Error && error.message === 'crash')) throw error;
  });
  const [distribution] = await sql<{ id: string }[]>`
    select id from lead_distributions where lead_id = ${lead.id} and business_id = ${business.id}`;
  return {
    distributionId: distribution!.id,
    businessId: business.id,
    email,
    intent: intentOf(distribution!.id),
  };
}

const crash = () => {
  throw new Error('crash');
};

function intentOf(distributionId: string): Sale['intent'] {
  for (const object of standIn.state.objects.values()) {
    const metadata = object['metadata'] as Record<string, string> | undefined;
    if (object.object === 'payment_intent' && metadata?.['distributionId'] === distributionId)
      return object as Sale['intent'];
  }
  throw new Error(`no intent for ${distributionId}`);
}

async function recorded(sale: Sale) {
  const transactions = await sql<
    { payment_status: string; stripe_payment_intent_id: string | null; refunded_amount_cents: number }[]
  >`
    select payment_status, stripe_payment_intent_id, refunded_amount_cents
      from payment_transactions where distribution_id = ${sale.distributionId}`;
  const [distribution] = await sql<{ payment_status: string; status: string }[]>`
    select payment_status, status from lead_distributions where id = ${sale.distributionId}`;
  const mails = await sql<{ template: string }[]>`
    select template from mail_outbox where to_address = ${sale.email} order by id`;
  return { transactions, distribution: distribution!, mails: mails.map((m) => m.template) };
}

async function storedEvent(id: string) {
  const [row] = await sql<{ processed_at: Date | null; ignored: boolean; attempts: number }[]>`
    select processed_at, ignored, attempts from stripe_events where id = ${id}`;
  return row;
}

const eventCount = async (database: Sql) =>
  (await database<{ n: number }[]>`select count(*)::int as n from stripe_events`)[0]!.n;

describe('the signature', () => {
  it('refuses a bad, missing or stale signature, or a changed body, with 400 and writes nothing', async () => {
    const sale = await sellLead('pm_card_visa', crash);
    expect((await recorded(sale)).distribution.payment_status).toBe('pending');
    const event = stripeEvent('payment_intent.succeeded', sale.intent);
    const payload = JSON.stringify(event);
    const before = await eventCount(sql);
    const attempts = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { signature: null }),
      await deliver(event, { signature: 't=1,v1=00' }),
      // Signed with the right secret five minutes and more ago: a replay.
      await deliver(event, {
        signature: signer.webhooks.generateTestHeaderString({
          payload,
          secret: SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
      }),
      // The body changed after it was signed (the signature of the original sent with it).
      await deliver(payload.replace('"livemode":false', '"livemode":true '), {
        signature: signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await eventCount(sql)).toBe(before);
    expect(await recorded(sale)).toEqual({
      transactions: [],
      distribution: { payment_status: 'pending', status: 'pending' },
      mails: [],
    });
    // The same event, signed: it settles the charge the crash left unrecorded.
    const accepted = await deliver(event);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await recorded(sale)).toEqual({
      transactions: [
        { payment_status: 'paid', stripe_payment_intent_id: sale.intent.id, refunded_amount_cents: 0 },
      ],
      distribution: { payment_status: 'paid', status: 'sent' },
      mails: ['lead_new'],
    });
  });

  it('refuses a body over 1 MB with 413 and writes nothing', async () => {
    const before = await eventCount(sql);
    const event = stripeEvent('customer.created', { id: 'cus_x', pad: 'x'.repeat(MAX_WEBHOOK_BYTES) });
    const response = await deliver(event);
    expect(response.status).toBe(413);
    expect(await eventCount(sql)).toBe(before);
  });
});

describe('each event once', () => {
  it('answers a duplicate id 200 and runs nothing again', async () => {
    const sale = await sellLead();
    const charge = sale.intent.latest_charge!;
    refundCharge(standIn.state, charge, 1000);
    const event = stripeEvent('charge.refunded', standIn.state.get(charge)!);
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'processed' });
    expect((await recorded(sale)).transactions[0]).toMatchObject({
      payment_status: 'paid',
      refunded_amount_cents: 1000,
    });
    // The rest is refunded at Stripe; the same event delivered again must not run its handler
    // (were it run, the re-read charge would now say refunded in full).
    refundCharge(standIn.state, charge);
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await recorded(sale)).transactions[0]).toMatchObject({
      payment_status: 'paid',
      refunded_amount_cents: 1000,
    });
    expect(await storedEvent(event.id)).toMatchObject({ ignored: false, attempts: 2 });
  });

  it('records a type outside the allow-list as ignored, 200, and runs nothing', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_ignored', object: 'customer' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    const stored = await storedEvent(event.id);
    expect(stored?.ignored).toBe(true);
    expect(stored?.processed_at).toBeInstanceOf(Date);
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'duplicate' });
  });
});

describe('events in any order end in the same state', () => {
  it('keeps a charge that succeeded paid when payment_failed arrives, before or after succeeded', async () => {
    const sale = await sellLead('pm_card_visa', crash);
    // A stale copy claiming failure: the re-read intent succeeded.
    const stale = { ...sale.intent, status: 'requires_payment_method' };
    expect((await deliver(stripeEvent('payment_intent.payment_failed', stale))).status).toBe(200);
    const afterFailed = await recorded(sale);
    expect(afterFailed.distribution.payment_status).toBe('paid');
    expect((await deliver(stripeEvent('payment_intent.succeeded', sale.intent))).status).toBe(200);
    expect((await deliver(stripeEvent('payment_intent.payment_failed', stale))).status).toBe(200);
    expect(await recorded(sale)).toEqual(afterFailed);
    expect(afterFailed).toEqual({
      transactions: [
        { payment_status: 'paid', stripe_payment_intent_id: sale.intent.id, refunded_amount_cents: 0 },
      ],
      distribution: { payment_status: 'paid', status: 'sent' },
      mails: ['lead_new'],
    });
  });

  it('keeps a declined charge failed whatever a payload claims', async () => {
    const sale = await sellLead('pm_card_chargeDeclined', crash);
    const forged = { ...sale.intent, status: 'succeeded' };
    expect((await deliver(stripeEvent('payment_intent.succeeded', forged))).status).toBe(200);
    expect((await deliver(stripeEvent('payment_intent.payment_failed', sale.intent))).status).toBe(200);
    expect(await recorded(sale)).toEqual({
      transactions: [
        { payment_status: 'failed', stripe_payment_intent_id: sale.intent.id, refunded_amount_cents: 0 },
      ],
      distribution: { payment_status: 'failed', status: 'payment_failed' },
      mails: ['lead_payment_failed'],
    });
  });

  it('shows a refund whatever order the refund events come in, and never un-refunds', async () => {
    const sale = await sellLead();
    const chargeId = sale.intent.latest_charge!;
    const partial = { ...refundCharge(standIn.state, chargeId, 500) };
    const whole = { ...refundCharge(standIn.state, chargeId) };
    // The later event first, then the earlier one with its stale copy: the re-read charge decides.
    for (const object of [whole, partial]) {
      expect((await deliver(stripeEvent('charge.refunded', object))).status).toBe(200);
    }
    const state = await recorded(sale);
    expect(state.transactions).toEqual([
      { payment_status: 'refunded', stripe_payment_intent_id: sale.intent.id, refunded_amount_cents: 3000 },
    ]);
    expect(state.distribution.payment_status).toBe('refunded');
    // A late payment_intent.succeeded changes nothing of it.
    expect((await deliver(stripeEvent('payment_intent.succeeded', sale.intent))).status).toBe(200);
    expect(await recorded(sale)).toEqual(state);
  });
});

describe('a webhook racing the synchronous answer', () => {
  it('leaves one transaction row and one mail when the webhook is recorded first', async () => {
    let webhook: Response | undefined;
    const sale = await sellLead('pm_card_visa', async (distributionId) => {
      webhook = await deliver(stripeEvent('payment_intent.succeeded', intentOf(distributionId)));
    });
    expect(webhook?.status).toBe(200);
    expect(await recorded(sale)).toEqual({
      transactions: [
        { payment_status: 'paid', stripe_payment_intent_id: sale.intent.id, refunded_amount_cents: 0 },
      ],
      distribution: { payment_status: 'paid', status: 'sent' },
      mails: ['lead_new'],
    });
  });

  it('leaves one transaction row and one mail when both record at once', async () => {
    for (const card of ['pm_card_visa', 'pm_card_visa', 'pm_card_visa', 'pm_card_chargeDeclined'] as const) {
      const deliveries: Promise<Response>[] = [];
      // The webhook is sent the moment the gateway answers and runs while the synchronous path
      // records the same answer: both through Promise.all, against the real database.
      const sale = await sellLead(card, (distributionId) => {
        const event = stripeEvent(
          card === 'pm_card_visa' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
          intentOf(distributionId),
        );
        deliveries.push(deliver(event), deliver(event));
      });
      const answers = await Promise.all(deliveries);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const paid = card === 'pm_card_visa';
      expect(await recorded(sale)).toEqual({
        transactions: [
          {
            payment_status: paid ? 'paid' : 'failed',
            stripe_payment_intent_id: sale.intent.id,
            refunded_amount_cents: 0,
          },
        ],
        distribution: paid
          ? { payment_status: 'paid', status: 'sent' }
          : { payment_status: 'failed', status: 'payment_failed' },
        mails: [paid ? 'lead_new' : 'lead_payment_failed'],
      });
    }
  });
});

describe('a handler that fails', () => {
  it('answers 500, leaves the event unprocessed, and Stripe retry finishes the work', async () => {
    const sale = await sellLead('pm_card_visa', crash);
    const event = stripeEvent('payment_intent.succeeded', sale.intent);
    // Stripe cannot be reached for a moment: the handler throws. (An object Stripe answers 404
    // for is another matter: recorded as missing, 200; see the end of this file.)
    standIn.fault = (request) =>
      request.method === 'GET' && request.path.endsWith(sale.intent.id) ? { drop: 'before-work' } : undefined;
    const failed = await deliver(event).finally(() => (standIn.fault = null));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: 'INTERNAL' });
    expect(await storedEvent(event.id)).toMatchObject({ processed_at: null, ignored: false });
    expect((await recorded(sale)).distribution.payment_status).toBe('pending');

    const retried = await deliver(event);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ outcome: 'processed' });
    expect((await storedEvent(event.id))?.processed_at).toBeInstanceOf(Date);
    expect(await recorded(sale)).toMatchObject({
      distribution: { payment_status: 'paid' },
      mails: ['lead_new'],
    });
  });

  it("runs every part's handler for the type in turn, and a retry runs them again", async () => {
    const ran: string[] = [];
    let failOnce = true;
    const parts: WebhookHandlers[] = [
      { 'invoice.paid': () => Promise.resolve(void ran.push('first')) },
      { 'customer.subscription.updated': () => Promise.resolve(void ran.push('not this type')) },
      {
        'invoice.paid': () => {
          ran.push('second');
          if (failOnce) {
            failOnce = false;
            return Promise.reject(new Error('the second part failed'));
          }
          return Promise.resolve();
        },
      },
    ];
    const event = stripeEvent('invoice.paid', { id: 'in_parts', object: 'invoice' });
    const rawBody = Buffer.from(JSON.stringify(event));
    const delivery = () => ({
      rawBody,
      signature: signer.webhooks.generateTestHeaderString({ payload: rawBody.toString(), secret: SECRET }),
    });
    await expect(receiveStripeEvent(sql, signer, SECRET, delivery(), parts)).rejects.toThrow(
      'the second part failed',
    );
    expect(await receiveStripeEvent(sql, signer, SECRET, delivery(), parts)).toBe('processed');
    expect(await receiveStripeEvent(sql, signer, SECRET, delivery(), parts)).toBe('duplicate');
    expect(ran).toEqual(['first', 'second', 'first', 'second']);
  });
});

describe('a 404 from Stripe', () => {
  it('is "missing" only when Stripe says resource_missing; any other 404 (a wrong URL) fails and is retried', async () => {
    const event = stripeEvent('invoice.paid', {
      id: `in_${randomBytes(6).toString('hex')}`,
      object: 'invoice',
    });
    const rawBody = Buffer.from(JSON.stringify(event));
    const delivery = () => ({
      rawBody,
      signature: signer.webhooks.generateTestHeaderString({ payload: rawBody.toString(), secret: SECRET }),
    });
    // A request to a URL Stripe does not have: the stand-in's 404 carries no resource_missing code.
    const wrongUrl: WebhookHandlers[] = [
      {
        'invoice.paid': async ({ stripe }) => {
          await stripe.rawRequest('GET', '/v1/not_a_resource');
        },
      },
    ];
    const stripe = stripeClient(API_KEY);
    await expect(receiveStripeEvent(sql, stripe, SECRET, delivery(), wrongUrl)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await storedEvent(event.id))?.processed_at).toBeNull();
    // The object itself is gone: Stripe's resource_missing, recorded and answered.
    const gone: WebhookHandlers[] = [
      {
        'invoice.paid': async ({ stripe }) => {
          await stripe.invoices.retrieve('in_not_there');
        },
      },
    ];
    expect(await receiveStripeEvent(sql, stripe, SECRET, delivery(), gone)).toBe('missing');
  });
});

describe('chargebacks', () => {
  it('puts a disputed lead charge in the admin queue once, with its business, transaction and reason', async () => {
    const sale = await sellLead();
    const dispute = disputeCharge(standIn.state, sale.intent.latest_charge!, 'fraudulent');
    for (let i = 0; i < 2; i += 1) {
      expect((await deliver(stripeEvent('charge.dispute.created', dispute))).status).toBe(200);
    }
    const rows = await sql`
      select c.business_id, c.amount_cents, c.reason, c.status, c.stripe_status, c.stripe_charge_id,
             t.distribution_id
        from chargebacks c left join payment_transactions t on t.id = c.transaction_id
       where c.stripe_dispute_id = ${dispute.id}`;
    expect(rows).toEqual([
      {
        business_id: sale.businessId,
        amount_cents: 3000,
        reason: 'fraudulent',
        status: 'open',
        stripe_status: 'needs_response',
        stripe_charge_id: sale.intent.latest_charge,
        distribution_id: sale.distributionId,
      },
    ]);
  });

  it('queues a dispute of a charge no lead recorded, with the business found by its customer', async () => {
    const sale = await sellLead();
    // A charge of the business's that is no lead's (a plan's invoice, say).
    const charge = standIn.state.put({
      id: standIn.state.id('ch'),
      object: 'charge',
      amount: 4900,
      amount_refunded: 0,
      currency: 'usd',
      customer: (sale.intent as unknown as { customer: string }).customer,
      payment_intent: null,
      refunded: false,
    });
    const dispute = disputeCharge(standIn.state, charge.id, 'product_not_received');
    expect((await deliver(stripeEvent('charge.dispute.created', dispute))).status).toBe(200);
    const [row] = await sql`
      select business_id, transaction_id, amount_cents, reason, status from chargebacks
       where stripe_dispute_id = ${dispute.id}`;
    expect(row).toEqual({
      business_id: sale.businessId,
      transaction_id: null,
      amount_cents: 4900,
      reason: 'product_not_received',
      status: 'open',
    });
  });
});

describe('every billing part behind the one endpoint', () => {
  it('a signed checkout.session.completed of a setup saves the card: the setup part runs there', async () => {
    const business = await createBusiness(sql, { status: 'ACTIVE' });
    await startPaymentSetup(
      sql,
      gateway,
      { id: business.id, stripeCustomerId: null },
      `owner-${business.id.slice(0, 8)}@example.com`,
      'http://127.0.0.1:4321',
    );
    const [{ url } = { url: '' }] = standIn.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .slice(-1)
      .map((r) => ({ url: r.body.get('success_url') ?? '' }));
    expect(url).toContain('session_id={CHECKOUT_SESSION_ID}');
    const session = [...standIn.state.objects.values()]
      .filter((o) => o.object === 'checkout.session' && o['mode'] === 'setup')
      .at(-1)!;
    const { paymentMethod } = completeCheckoutSetup(standIn.state, session.id, 'pm_card_visa');
    const event = stripeEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'setup',
    });
    expect((await deliver(event)).status).toBe(200);
    const cards = await sql`
      select gateway_payment_method_id, is_default, status from payment_methods where business_id = ${business.id}`;
    expect(cards).toEqual([
      { gateway_payment_method_id: paymentMethod.id, is_default: true, status: 'active' },
    ]);
    const [flag] = await sql`select payment_setup_completed from businesses where id = ${business.id}`;
    expect(flag).toEqual({ payment_setup_completed: true });
  });
});

// Issue 26 (the review: "a correctly signed Stripe event without optional fields answers 500").
// A signed event is Stripe's word that something happened: one whose object lacks what we need,
// or names an object Stripe no longer has, is answered 200 and recorded with its outcome, so
// Stripe does not retry it for three days and an operator can see it; never a 500.
describe('a signed event with missing fields, or about an object Stripe no longer has', () => {
  const KINDS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], [prefix: string, object: string]> = {
    'checkout.session.completed': ['cs', 'checkout.session'],
    'setup_intent.succeeded': ['seti', 'setup_intent'],
    'payment_method.attached': ['pm', 'payment_method'],
    'payment_method.detached': ['pm', 'payment_method'],
    'payment_method.updated': ['pm', 'payment_method'],
    'payment_intent.succeeded': ['pi', 'payment_intent'],
    'payment_intent.payment_failed': ['pi', 'payment_intent'],
    'customer.subscription.created': ['sub', 'subscription'],
    'customer.subscription.updated': ['sub', 'subscription'],
    'customer.subscription.deleted': ['sub', 'subscription'],
    'invoice.paid': ['in', 'invoice'],
    'invoice.payment_failed': ['in', 'invoice'],
    'charge.refunded': ['ch', 'charge'],
    'charge.dispute.created': ['dp', 'dispute'],
  };

  const outcomeOf = async (id: string) =>
    (
      await sql<{ outcome: string | null; processed: boolean }[]>`
        select outcome, processed_at is not null as processed from stripe_events where id = ${id}`
    )[0];

  it.each(WEBHOOK_EVENT_TYPES.map((type) => [type]))(
    '%s naming an object Stripe does not have is 200, recorded',
    async (type) => {
      const [prefix, object] = KINDS[type];
      const event = stripeEvent(type, { id: `${prefix}_gone_${randomBytes(6).toString('hex')}`, object });
      const answer = await deliver(event);
      expect(answer.status).toBe(200);
      const stored = await outcomeOf(event.id);
      expect(stored?.processed).toBe(true);
      // checkout.session.completed names no mode here: neither part's, so nothing was re-read.
      expect(stored?.outcome).toBe(type === 'checkout.session.completed' ? 'processed' : 'missing');
    },
  );

  it.each(WEBHOOK_EVENT_TYPES.map((type) => [type]))(
    '%s whose object has no fields at all is 200, recorded as incomplete',
    async (type) => {
      const event = stripeEvent(type, {});
      const answer = await deliver(event);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, outcome: 'incomplete' });
      expect(await outcomeOf(event.id)).toEqual({ outcome: 'incomplete', processed: true });
    },
  );

  it('a dispute re-read without its optional fields is queued all the same', async () => {
    const sale = await sellLead();
    const chargeId = sale.intent.latest_charge!;
    const dispute = standIn.state.put({
      id: standIn.state.id('dp'),
      object: 'dispute',
      amount: 1500,
      currency: 'usd',
      charge: chargeId,
      status: 'needs_response',
    });
    const event = stripeEvent('charge.dispute.created', { id: dispute.id, object: 'dispute' });
    expect((await deliver(event)).status).toBe(200);
    expect(await outcomeOf(event.id)).toEqual({ outcome: 'processed', processed: true });
    const [queued] = await sql`
      select reason, evidence_due_by, stripe_charge_id from chargebacks where stripe_dispute_id = ${dispute.id}`;
    expect(queued).toEqual({ reason: 'general', evidence_due_by: null, stripe_charge_id: chargeId });
  });

  it('an invoice and a payment intent re-read without their optional fields record nothing, 200', async () => {
    const invoice = standIn.state.put({ id: standIn.state.id('in'), object: 'invoice', status: 'paid' });
    const intent = standIn.state.put({
      id: standIn.state.id('pi'),
      object: 'payment_intent',
      status: 'succeeded',
    });
    for (const event of [
      stripeEvent('invoice.paid', { id: invoice.id, object: 'invoice' }),
      stripeEvent('payment_intent.succeeded', { id: intent.id, object: 'payment_intent' }),
    ]) {
      expect((await deliver(event)).status).toBe(200);
      expect(await outcomeOf(event.id)).toEqual({ outcome: 'processed', processed: true });
    }
  });
});

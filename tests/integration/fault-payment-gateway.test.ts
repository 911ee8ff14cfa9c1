// Fault: the payment gateway slow (35 s) or dropping connections. The real quote pipeline
// (submit, confirm, charge, record, the sweeper) with the Stripe adapter and the real stripe SDK
// against the Stripe stand-in at the HTTP boundary, which answers late or destroys the socket
// before or after doing the work. Whatever happens, the lead is kept, the sweeper settles its
// charges once the gateway is back, and nobody is charged twice: one PaymentIntent per
// distribution in the stand-in, one payment_transactions row per distribution, and every
// request for a distribution carried the same idempotency key.
//
// Time is scaled: production waits STRIPE_TIMEOUT_MS (20 s) per request, so a gateway that
// answers after 35 s is always past it; here the client's timeout is 1500 ms and the gateway
// answers after 2625 ms (the same 35 : 20 ratio). The retries are the production setting.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createStripeClient, stripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { verifyQuotePhone } from '../../src/server/leads/requests/prove-quote-phone.ts';
import { createSandboxSms } from '../../src/server/platform/sms/sandbox-sms.ts';
import { sandboxCode } from '../../scripts/lib/prove-quote.ts';
import { leadChargeKey } from '../../src/server/leads/requests/record-lead-charge.ts';
import { resumeUnfinishedLeads } from '../../src/server/leads/requests/resume-unfinished-leads.ts';
import { submitQuote } from '../../src/server/leads/requests/submit-quote.ts';
import { createBusiness, quoteRequest } from '../factories/index.ts';
import { startStripeStandIn, type Fault, type StripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { runSaleJobs } from '../helpers/queued-sales.ts';
import { logLines } from '../helpers/captured-log.ts';
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_TIMEOUT_MS } from '../../src/server/money/money-rules.ts';

vi.mock('../../src/server/platform/log.ts', async (real) =>
  (await import('../helpers/captured-log.ts')).capturingLog(await real()),
);

// Long enough that a normal answer on a busy 2-core machine (PGlite shares the event loop) never
// times out; the gateway's faults are what time out.
const TEST_TIMEOUT_MS = 1500;
/** 35 s scaled as the timeout is: 35 / 20 of it. */
const SLOW_MS = Math.round((TEST_TIMEOUT_MS * 35_000) / STRIPE_TIMEOUT_MS);

let database: TestDatabase;
let sql: Sql;
let standIn: StripeStandIn;
let gateway: PaymentGateway;
let service = '';
const services: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  services.push(
    ...(await sql<{ slug: string }[]>`select slug from services order by slug`).map((r) => r.slug),
  );
  standIn = await startStripeStandIn();
  gateway = stripeGateway(
    createStripeClient('sk_test_faults', {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
      timeout: TEST_TIMEOUT_MS,
    }),
  );
});

afterAll(async () => {
  await standIn.close();
  await sql.end();
  await database.drop();
});

/** What the pipeline logged (a charge left to the sweeper says so), kept out of the test output. */
const logged = () => logLines.map((line) => line.msg);
let n = 0;
beforeEach(() => {
  logLines.length = 0;
  // Each test its own service, so its contractors are the only ones matched.
  service = services[n % services.length]!;
  n += 1;
  standIn.fault = null;
});

/** A contractor of this test's service with a card on file at "Stripe". */
async function stripeContractor(rating: number) {
  const [{ name } = { name: '' }] = await sql<
    { name: string }[]
  >`select name from services where slug = ${service}`;
  const business = await createBusiness(sql, { category: name, services: [service], averageRating: rating });
  const suffix = randomUUID().slice(0, 8);
  await sql`update businesses set stripe_customer_id = ${`cus_fault_${suffix}`}, payment_setup_completed = true
    where id = ${business.id}`;
  await sql`
    insert into payment_methods (business_id, gateway_payment_method_id, brand, last4, expiry_month, expiry_year, is_default)
    values (${business.id}, ${`pm_card_visa__${suffix}`}, 'visa', '4242', 12, 2034, true)`;
  return business;
}

/** A request whose phone is proven by the code it was sent, as the wizard's last step does it. */
async function submitAndConfirm() {
  for (let i = 0; i < 4; i += 1) await stripeContractor(5 - i / 10);
  const input = await quoteRequest({ service });
  const sms = createSandboxSms(sql);
  const submitted = await submitQuote(sql, input, { sms });
  expect(submitted.status).toBe('awaiting_code');
  const code = await sandboxCode(sql, input.phone);
  const started = Date.now();
  const confirmed = await verifyQuotePhone(sql, { requestKey: input.requestKey, code }, { sms });
  // The worker's run of the sale the confirmation queued, with the gateway under test.
  await runSaleJobs(sql, { gateway });
  return { leadId: submitted.leadId, confirmed, seconds: (Date.now() - started) / 1000 };
}

/** Lets every answer the stand-in still holds back go out (or be dropped). */
const drain = () => new Promise((resolve) => setTimeout(resolve, SLOW_MS + 100));

/** The sweeper, as the schedule runs it once the lead is old enough to be taken up. */
async function sweep(leadId: string) {
  await sql`update leads set created_at = now() - interval '10 minutes', confirmed_at = now() - interval '10 minutes'
    where id = ${leadId}`;
  return (await resumeUnfinishedLeads(sql, { gateway })).find((r) => r.leadId === leadId);
}

/** Everything that says who was charged for a lead, from our database and from "Stripe". */
async function ledger(leadId: string) {
  const distributions = await sql<
    { id: string; payment_status: string; stripe_payment_intent_id: string | null }[]
  >`
    select id, payment_status, stripe_payment_intent_id from lead_distributions where lead_id = ${leadId}`;
  const transactions = await sql<
    { distribution_id: string; payment_status: string; idempotency_key: string }[]
  >`
    select distribution_id, payment_status, idempotency_key from payment_transactions where lead_id = ${leadId}`;
  const intents = [...standIn.state.objects.values()].filter(
    (o) => o.object === 'payment_intent' && (o['metadata'] as Record<string, string>)['leadId'] === leadId,
  );
  const attempts = standIn.requests.filter(
    (r) =>
      r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.get('metadata[leadId]') === leadId,
  );
  return { distributions, transactions, intents, attempts };
}

/** Nobody charged twice, and our records match Stripe's, distribution by distribution. */
async function expectSettledOnce(leadId: string, sold: number) {
  const { distributions, transactions, intents, attempts } = await ledger(leadId);
  const paid = distributions.filter((d) => d.payment_status === 'paid');
  expect(paid).toHaveLength(sold);
  expect(distributions.filter((d) => d.payment_status === 'pending')).toEqual([]);
  for (const d of paid) {
    const mine = intents.filter((i) => (i['metadata'] as Record<string, string>)['distributionId'] === d.id);
    expect(mine, `PaymentIntents for distribution ${d.id}`).toHaveLength(1);
    expect(d.stripe_payment_intent_id).toBe(mine[0]!.id);
    const rows = transactions.filter((t) => t.distribution_id === d.id);
    expect(rows).toEqual([
      { distribution_id: d.id, payment_status: 'paid', idempotency_key: leadChargeKey(d.id) },
    ]);
    // Every request the SDK or the sweeper sent for this distribution carried its one key.
    const keys = new Set(
      attempts.filter((a) => a.body.get('metadata[distributionId]') === d.id).map((a) => a.idempotencyKey),
    );
    expect([...keys]).toEqual([leadChargeKey(d.id)]);
  }
  // No PaymentIntent for anyone the lead was not sold to.
  expect(intents).toHaveLength(sold);
  const [confirmations] = await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox
    where payload->>'leadId' = ${leadId} and template = 'quote_confirmation'`;
  expect(confirmations?.n).toBe(1);
  return { attempts: attempts.length };
}

const paymentIntentPosts = (fault: (seenBefore: number) => Fault | undefined) =>
  (standIn.fault = (r) =>
    r.method === 'POST' && r.path === '/v1/payment_intents' ? fault(r.seenBefore) : undefined);

describe('the payment gateway slow or dropping connections', () => {
  it('production: a request times out after 20 s, well before a 35 s answer, and is retried twice with its key', () => {
    const production = createStripeClient('sk_test_production') as unknown as {
      getApiField(k: string): unknown;
    };
    expect(production.getApiField('timeout')).toBe(STRIPE_TIMEOUT_MS);
    expect(production.getApiField('maxNetworkRetries')).toBe(STRIPE_MAX_NETWORK_RETRIES);
    expect(STRIPE_TIMEOUT_MS).toBeLessThan(35_000);
    expect(SLOW_MS).toBeGreaterThan(TEST_TIMEOUT_MS);
  });

  it('slow (past the timeout) on every request: the confirmation keeps the lead, the sweeper sells it once', async () => {
    paymentIntentPosts(() => ({ delayMs: SLOW_MS }));
    const { leadId, confirmed } = await submitAndConfirm();
    // The homeowner is told the request is sent (not an error page); nobody is recorded paid yet.
    expect(confirmed).toMatchObject({ status: 'sent', paymentsSuccessful: 0 });
    expect(logged()).toContain(`lead ${leadId} was kept but not finished; the sweeper finishes it`);
    const [lead] = await sql<
      { qualification: string }[]
    >`select qualification from leads where id = ${leadId}`;
    expect(lead?.qualification).toBe('pending');
    const midway = await ledger(leadId);
    // Stripe did the work for the first wave (three PaymentIntents) but we never heard.
    expect(midway.intents).toHaveLength(3);
    expect(midway.distributions.map((d) => d.payment_status)).toEqual(['pending', 'pending', 'pending']);
    expect(midway.transactions).toEqual([]);

    // Still slow at the first sweep: nothing changes, nothing is charged again.
    expect(await sweep(leadId)).toBeUndefined();
    expect((await ledger(leadId)).intents).toHaveLength(3);

    await drain();
    standIn.fault = null;
    expect(await sweep(leadId)).toMatchObject({ paymentsSuccessful: 3 });
    await expectSettledOnce(leadId, 3);
    // Nothing left to sweep.
    expect(await sweep(leadId)).toBeUndefined();
  });

  it('the connection dropped after Stripe made the charge, on every try: settled later, charged once', async () => {
    paymentIntentPosts(() => ({ drop: 'after-work' }));
    const { leadId, confirmed } = await submitAndConfirm();
    expect(confirmed).toMatchObject({ status: 'sent', paymentsSuccessful: 0 });
    const midway = await ledger(leadId);
    expect(midway.intents).toHaveLength(3);
    // The SDK tried each charge 1 + 2 times, always with the distribution's key.
    expect(midway.attempts).toHaveLength(3 * (1 + STRIPE_MAX_NETWORK_RETRIES));

    standIn.fault = null;
    expect(await sweep(leadId)).toMatchObject({ paymentsSuccessful: 3 });
    await expectSettledOnce(leadId, 3);
  });

  it('the connection dropped before the work, on every try: nothing charged, sold by the sweeper', async () => {
    paymentIntentPosts(() => ({ drop: 'before-work' }));
    const { leadId, confirmed } = await submitAndConfirm();
    expect(confirmed).toMatchObject({ status: 'sent', paymentsSuccessful: 0 });
    expect((await ledger(leadId)).intents).toEqual([]);
    standIn.fault = null;
    expect(await sweep(leadId)).toMatchObject({ paymentsSuccessful: 3 });
    await expectSettledOnce(leadId, 3);
  });

  it('one slow answer or one dropped connection per charge: the SDK retry settles it in the request', async () => {
    // First try of each charge: one slow, the others dropped before or after the work.
    let i = 0;
    const faults: Fault[] = [{ delayMs: SLOW_MS }, { drop: 'after-work' }, { drop: 'before-work' }];
    paymentIntentPosts((seenBefore) => (seenBefore === 0 ? faults[i++ % faults.length] : undefined));
    const { leadId, confirmed } = await submitAndConfirm();
    await drain();
    if (confirmed.paymentsSuccessful < 3) {
      // The slow one's retry can meet its first request still in flight (409 until it ends) and
      // use up its retries: then the sweeper finishes it. Either way, once.
      expect(await sweep(leadId)).toMatchObject({ paymentsSuccessful: 3 });
    }
    const { attempts } = await expectSettledOnce(leadId, 3);
    expect(attempts).toBeGreaterThanOrEqual(6);
  });
});

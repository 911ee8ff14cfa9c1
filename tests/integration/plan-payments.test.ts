// A plan's payments as money rows (issue 14: every money change is visible to the person it
// concerns), against the real database:
// - the sandbox: starting a plan on the Checkout stand-in charges its first month to the saved card
//   through the gateway's `charge` and writes exactly one paid transaction (replays included) that
//   the Transactions tab, the CSV, Monthly Spending and the receipt route show; a declining card
//   writes no plan and no transaction; a plan change writes nothing until a renewal would;
// - Stripe: invoice.paid / invoice.payment_failed (every part's handlers, as the endpoint runs them,
//   with the real SDK against the stand-in) write one row per invoice, in any order and twice, a
//   paid row staying paid; an invoice whose subscription names a business that does not own the
//   customer writes nothing, and contractor A never sees B's invoice rows.
import { createECDH, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceKey } from '../../src/domain/plan-payments.ts';
import { PLANS, type PlanId } from '../../src/domain/plans.ts';
import { billingSummary } from '../../src/server/money/billing/billing-summary.ts';
import { csvRecord } from '../../src/server/money/billing/export-transactions.ts';
import { listTransactions } from '../../src/server/money/billing/list-transactions.ts';
import { transactionReceipt } from '../../src/server/money/billing/transaction-receipt.ts';
import { transactionsQuery } from '../../src/server/money/billing/transaction-rows.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import {
  completeSubscriptionSession,
  portalAction,
} from '../../src/server/money/sandbox-pages/sandbox-plan-pages.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { recordPlanPayment } from '../../src/server/money/plans/record-plan-payment.ts';
import { handlersFor } from '../../src/server/stripe-events/handlers.ts';
import { INVOICE_FAILURE_MESSAGE } from '../../src/server/stripe-events/invoice-events.ts';
import { createBusiness, createUser, giveCard } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import { completeSubscriptionCheckout } from '../helpers/stripe-stand-in/checkout-subscriptions.ts';
import { failRenewal, payInvoice } from '../helpers/stripe-stand-in/subscriptions.ts';

const sql = useTestSql();
const sandbox = createSandboxGateway(sql);
let standIn: StripeStandIn;
let stripe: Stripe;
let stripeGateway: PaymentGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const options = { host: '127.0.0.1', port: standIn.port, protocol: 'http' as const };
  stripe = new Stripe('sk_test_invoices', options);
  stripeGateway = createStripeGateway('sk_test_invoices', options);
});
afterAll(() => standIn.close());

const RETURN = 'http://127.0.0.1:4321/contractor/billing?tab=subscription&checkout={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://127.0.0.1:4321/contractor/billing?tab=subscription';

async function owner(card: string | null = '4242424242424242') {
  const user = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: user.id });
  if (card) await giveCard(sql, business.id, card);
  return { ownerId: user.id, businessId: business.id };
}

/** A sandbox Checkout session (subscription mode) for the business's customer. */
async function sandboxSession(who: { businessId: string }, plan: PlanId): Promise<string> {
  const [business] = await sql<{ customer: string | null }[]>`
    select stripe_customer_id as customer from businesses where id = ${who.businessId}`;
  const session = await sandbox.createSubscriptionSession({
    businessId: who.businessId,
    customerId: business!.customer,
    email: 'owner@example.com',
    plan,
    returnUrl: RETURN,
    cancelUrl: CANCEL,
  });
  return session.sessionId;
}

async function transactions(businessId: string) {
  return sql<
    {
      idempotency_key: string;
      lead_id: string | null;
      payment_amount_cents: number;
      payment_status: string;
      description: string;
      receipt_url: string | null;
      failure_message: string | null;
      stripe_payment_intent_id: string | null;
    }[]
  >`
    select idempotency_key, lead_id, payment_amount_cents, payment_status, description, receipt_url,
           failure_message, stripe_payment_intent_id
      from payment_transactions where business_id = ${businessId} order by created_at, id`;
}

const DESCRIPTION =
  /^(Basic|Enhanced|Featured) plan, [A-Z][a-z]{2} \d{1,2}(, \d{4})? - [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

describe('a sandbox plan start', () => {
  it('charges the first month to the saved card once and shows it as one paid transaction', async () => {
    const a = await owner();
    const session = await sandboxSession(a, 'enhanced');
    // The page posted twice at once and once more after: one charge, one plan, one row.
    const outcomes = await Promise.all([
      completeSubscriptionSession(sql, sandbox, session, a.ownerId),
      completeSubscriptionSession(sql, sandbox, session, a.ownerId),
    ]);
    outcomes.push(await completeSubscriptionSession(sql, sandbox, session, a.ownerId));
    for (const outcome of outcomes) expect(outcome).toMatchObject({ kind: 'subscribed' });

    const [subscription] = await sql<{ id: string; current_period_start: Date }[]>`
      select id, current_period_start from sandbox_subscriptions where business_id = ${a.businessId}`;
    const day = subscription!.current_period_start.toISOString().slice(0, 10).replaceAll('-', '');
    const rows = await transactions(a.businessId);
    expect(rows).toEqual([
      {
        idempotency_key: `plan-${subscription!.id}-${day}`,
        lead_id: null,
        payment_amount_cents: PLANS.enhanced.priceCents,
        payment_status: 'paid',
        description: expect.stringMatching(DESCRIPTION) as unknown,
        receipt_url: null,
        failure_message: null,
        stripe_payment_intent_id: expect.stringMatching(/^pi_sandbox_/) as unknown,
      },
    ]);
    expect(rows[0]!.description.startsWith('Enhanced plan, ')).toBe(true);
    // The gateway charged the card once, with the plan's key.
    const intents = await sql`
      select amount_cents, status from sandbox_payment_intents where idempotency_key = ${rows[0]!.idempotency_key}`;
    expect(intents).toEqual([{ amount_cents: 9900, status: 'succeeded' }]);

    // The Transactions tab, its CSV and the receipt route show it; Monthly Spending counts it.
    const page = await listTransactions(sql, a.businessId, { range: 'all', pageSize: 25 });
    expect(page.transactions).toEqual([
      expect.objectContaining({
        description: rows[0]!.description,
        amountCents: 9900,
        status: 'paid',
        receiptAvailable: true,
      }),
    ]);
    const [csvRow] = await transactionsQuery(sql, { businessId: a.businessId, range: '30' });
    expect(csvRecord(csvRow!).slice(1, 4)).toEqual([rows[0]!.description, '99.00', 'Paid']);
    expect(await transactionReceipt(sql, sandbox, a.businessId, page.transactions[0]!.id)).toMatch(
      new RegExp(`/sandbox/receipts/${rows[0]!.stripe_payment_intent_id}$`),
    );
    // A plan's payment is apart from the monthly (lead) spend (issue 24).
    expect((await billingSummary(sql, a.businessId)).figures).toMatchObject({
      planPaidCents: 9900,
      monthSpendCents: 0,
    });
  });

  it("with a declining card refuses the plan with the card's message and writes nothing of ours", async () => {
    const declining = await owner('4000000000000002');
    const session = await sandboxSession(declining, 'basic');
    expect(await completeSubscriptionSession(sql, sandbox, session, declining.ownerId)).toEqual({
      kind: 'refused',
      message: 'Your card was declined.',
    });
    expect(await transactions(declining.businessId)).toEqual([]);
    expect(await sql`select 1 from subscriptions where business_id = ${declining.businessId}`).toEqual([]);
    expect(
      await sql`select 1 from sandbox_subscriptions where business_id = ${declining.businessId}`,
    ).toEqual([]);
    // A new card saved afterwards is a new attempt (a new key): the plan starts with it.
    await sql`update payment_methods set is_default = false where business_id = ${declining.businessId}`;
    await giveCard(sql, declining.businessId);
    expect(await completeSubscriptionSession(sql, sandbox, session, declining.ownerId)).toMatchObject({
      kind: 'subscribed',
    });
    expect((await transactions(declining.businessId)).map((t) => t.payment_status)).toEqual(['paid']);
  });

  it('then a plan change moves no money until a renewal would', async () => {
    const a = await owner();
    const session = await sandboxSession(a, 'basic');
    await completeSubscriptionSession(sql, sandbox, session, a.ownerId);
    const portal = await sandbox.createPortalSession({
      customerId: (await sql`select stripe_customer_id from businesses where id = ${a.businessId}`)[0]![
        'stripe_customer_id'
      ] as string,
      returnUrl: CANCEL,
    });
    const portalId = new URL(portal.url).searchParams.get('session')!;
    expect(
      await portalAction(sql, sandbox, portalId, a.ownerId, { action: 'change', plan: 'featured' }),
    ).toMatchObject({ ok: true });
    expect((await transactions(a.businessId)).map((t) => [t.payment_amount_cents, t.payment_status])).toEqual(
      [[4900, 'paid']],
    );
  });
});

let n = 0;
function event(type: Stripe.Event.Type, id: string): Stripe.Event {
  n += 1;
  return {
    id: `evt_invoices_${n}`,
    object: 'event',
    type,
    data: { object: { id } },
  } as unknown as Stripe.Event;
}

/** Every part's handlers for each event, in turn, as the webhook endpoint runs them. */
async function deliver(...events: Stripe.Event[]): Promise<void> {
  for (const e of events) {
    for (const handler of handlersFor(e.type)) await handler({ sql, stripe, event: e });
  }
}

/** A business with a Stripe customer, subscribed to `plan` through Checkout on the stand-in;
 * `named` is the business its subscription's metadata names (the business itself unless forged). */
async function stripeSubscriber(plan: PlanId, named?: string) {
  const who = await owner(null);
  const customer = standIn.state.put({ id: standIn.state.id('cus'), object: 'customer' });
  await sql`update businesses set stripe_customer_id = ${customer.id} where id = ${who.businessId}`;
  const session = await stripeGateway.createSubscriptionSession({
    businessId: named ?? who.businessId,
    customerId: customer.id,
    email: 'owner@example.com',
    plan,
    returnUrl: RETURN,
    cancelUrl: CANCEL,
  });
  const subscription = completeSubscriptionCheckout(standIn.state, session.sessionId);
  const invoice = [...standIn.state.objects.values()].find(
    (o) => o.object === 'invoice' && JSON.stringify(o['parent']).includes(`"${subscription.id}"`),
  )!;
  return { ...who, subscription, invoice };
}

describe('Stripe invoice webhooks', () => {
  it('write one paid row per invoice with the hosted invoice page as its receipt, each event twice', async () => {
    const a = await stripeSubscriber('enhanced');
    const paid = event('invoice.paid', a.invoice.id);
    await deliver(paid, paid);
    const rows = await transactions(a.businessId);
    expect(rows).toEqual([
      {
        idempotency_key: invoiceKey(a.invoice.id),
        lead_id: null,
        payment_amount_cents: 9900,
        payment_status: 'paid',
        description: expect.stringMatching(/^Enhanced plan, /) as unknown,
        receipt_url: a.invoice['hosted_invoice_url'],
        failure_message: null,
        stripe_payment_intent_id: null,
      },
    ]);
    expect(rows[0]!.description).toMatch(DESCRIPTION);
    const page = await listTransactions(sql, a.businessId, { range: '7', pageSize: 25 });
    expect(page.transactions[0]).toMatchObject({
      receiptAvailable: true,
      receiptUrl: a.invoice['hosted_invoice_url'],
    });
    expect(await transactionReceipt(sql, stripeGateway, a.businessId, page.transactions[0]!.id)).toBe(
      a.invoice['hosted_invoice_url'],
    );
    // A plan's payment is apart from the monthly (lead) spend (issue 24).
    expect((await billingSummary(sql, a.businessId)).figures).toMatchObject({
      planPaidCents: 9900,
      monthSpendCents: 0,
    });
  });

  it('end paid whatever the order of a failed attempt and its later payment, and stay paid', async () => {
    for (const order of ['failed first', 'paid first'] as const) {
      const a = await stripeSubscriber('basic');
      const renewal = failRenewal(standIn.state, a.subscription.id);
      const failed = event('invoice.payment_failed', renewal.id);
      const paid = event('invoice.paid', renewal.id);
      if (order === 'failed first') {
        // A device of the owner's, behind a push service that refuses connections (nothing leaves).
        await sql`
          insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
          select owner_id, ${`http://127.0.0.1:9/push/plan-${a.businessId}`},
                 ${createECDH('prime256v1').generateKeys().toString('base64url')}, ${randomBytes(16).toString('base64url')},
                 'Test phone'
            from businesses where id = ${a.businessId}`;
        // The failure arrives while Stripe still says 'open': a failed row, the amount due.
        await deliver(failed, failed);
        expect(
          (await transactions(a.businessId)).map((t) => [t.payment_status, t.payment_amount_cents]),
        ).toEqual([['failed', 4900]]);
        expect((await transactions(a.businessId))[0]!.failure_message).toBe(INVOICE_FAILURE_MESSAGE);
        expect((await billingSummary(sql, a.businessId)).recentFailures).toBe(1);
        // The owner is told once, though the failure came twice (issue 27: a payment failed).
        const alerts = await sql<{ title: string }[]>`
          select d.payload->>'title' as title from alert_deliveries d
            join businesses b on b.owner_id = d.user_id
           where b.id = ${a.businessId} and d.kind = 'payment_failed'`;
        expect(alerts).toEqual([{ title: 'Payment failed: your plan' }]);
        // And mailed once, whatever the alert settings: it concerns money.
        const mails = await sql<{ subject: string }[]>`
          select m.subject from mail_outbox m join businesses b on b.email = m.to_address
           where b.id = ${a.businessId} and m.template = 'plan_payment_failed'`;
        expect(mails).toEqual([{ subject: 'Your plan payment failed' }]);
        payInvoice(standIn.state, renewal.id);
        await deliver(paid, failed, paid);
      } else {
        payInvoice(standIn.state, renewal.id);
        await deliver(paid, failed, failed, paid);
      }
      const rows = await transactions(a.businessId);
      expect(rows).toEqual([
        expect.objectContaining({
          idempotency_key: invoiceKey(renewal.id),
          payment_status: 'paid',
          payment_amount_cents: 4900,
          receipt_url: renewal['hosted_invoice_url'],
          failure_message: null,
        }),
      ]);
    }
  });

  it('keep a paid row paid when a stale failure is written after it (the guard under the re-read)', async () => {
    const a = await owner(null);
    const payment = {
      businessId: a.businessId,
      idempotencyKey: invoiceKey(`in_guard_${a.businessId}`),
      amountCents: 4900,
      description: 'Basic plan, Nov 23 - Dec 23, 2026',
      paymentIntentId: null,
      createdAt: new Date(),
    };
    const paid = {
      ...payment,
      status: 'paid' as const,
      receiptUrl: 'https://invoice.stripe.com/i/x',
      failureMessage: null,
    };
    const failed = {
      ...payment,
      status: 'failed' as const,
      receiptUrl: null,
      failureMessage: INVOICE_FAILURE_MESSAGE,
    };
    await recordPlanPayment(sql, failed);
    await recordPlanPayment(sql, paid);
    await recordPlanPayment(sql, failed);
    expect(
      (await transactions(a.businessId)).map((t) => [t.payment_status, t.receipt_url, t.failure_message]),
    ).toEqual([['paid', 'https://invoice.stripe.com/i/x', null]]);
  });

  it('never write a row a webhook could not tie to the business that owns the customer', async () => {
    const b = await stripeSubscriber('featured');
    // A's customer, but the subscription's metadata names B: neither gets a row.
    const forged = await stripeSubscriber('basic', b.businessId);
    await deliver(event('invoice.paid', forged.invoice.id));
    expect(await transactions(forged.businessId)).toEqual([]);
    expect(await transactions(b.businessId)).toEqual([]);
  });
});

describe('contractor A against B', () => {
  it("never shows B's plan payments to A: list, receipt and figures", async () => {
    const a = await stripeSubscriber('basic');
    const b = await stripeSubscriber('featured');
    await deliver(event('invoice.paid', a.invoice.id), event('invoice.paid', b.invoice.id));
    const [bRow] = await sql<{ id: string }[]>`
      select id from payment_transactions where business_id = ${b.businessId}`;
    const aPage = await listTransactions(sql, a.businessId, { range: 'all', pageSize: 100 });
    expect(aPage.transactions.map((t) => t.amountCents)).toEqual([4900]);
    expect(aPage.transactions.map((t) => t.id)).not.toContain(bRow!.id);
    await expect(transactionReceipt(sql, stripeGateway, a.businessId, bRow!.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // A plan's payment is apart from the monthly (lead) spend (issue 24).
    expect((await billingSummary(sql, a.businessId)).figures).toMatchObject({
      planPaidCents: 4900,
      monthSpendCents: 0,
    });
  });
});

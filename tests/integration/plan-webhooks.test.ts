// The plans part's Stripe webhook handlers, called directly with a context whose stripe client
// (the real SDK) points at the stand-in of Stripe's API, as the webhook endpoint calls them after
// checking the signature: each re-reads the object from Stripe, so the same events in either
// order, and each twice, end in one row in the state Stripe holds; a failed renewal shows past_due,
// the end cancels the plan and takes the featured flag back; setup-mode sessions and
// subscriptions of another customer are left alone.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/server/platform/db/client.ts';
import { createStripeGateway } from '../../src/server/money/gateway/stripe-gateway.ts';
import { planWebhookHandlers } from '../../src/server/stripe-events/plan-events.ts';
import type { PaymentGateway } from '../../src/server/money/gateway/gateway.ts';
import { settlePlanCheckout } from '../../src/server/money/plans/manage-plan.ts';
import { createBusiness } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in/index.ts';
import { completeSubscriptionCheckout } from '../helpers/stripe-stand-in/checkout-subscriptions.ts';
import { endSubscription, failRenewal } from '../helpers/stripe-stand-in/subscriptions.ts';

const sql: Sql = useTestSql();
let standIn: StripeStandIn;
let stripe: Stripe;
let gateway: PaymentGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const options = { host: '127.0.0.1', port: standIn.port, protocol: 'http' as const };
  stripe = new Stripe('sk_test_webhooks', options);
  gateway = createStripeGateway('sk_test_webhooks', options);
});
afterAll(() => standIn.close());

let n = 0;
/** An event as Stripe sends it: the payload's copy of the object (never trusted beyond its id). */
function event(type: Stripe.Event.Type, object: Record<string, unknown>): Stripe.Event {
  n += 1;
  return { id: `evt_plans_${n}`, object: 'event', type, data: { object } } as unknown as Stripe.Event;
}

async function deliver(...events: Stripe.Event[]): Promise<void> {
  for (const e of events) await planWebhookHandlers[e.type]!({ sql, stripe, event: e });
}

/** A business with a Stripe customer, subscribed to `plan` through Checkout (paid on the stand-in). */
async function subscribed(plan: 'basic' | 'featured') {
  const business = await createBusiness(sql);
  const customer = standIn.state.put({ id: standIn.state.id('cus'), object: 'customer' });
  await sql`update businesses set stripe_customer_id = ${customer.id} where id = ${business.id}`;
  const session = await gateway.createSubscriptionSession({
    businessId: business.id,
    customerId: customer.id,
    email: 'owner@example.com',
    plan,
    returnUrl: 'http://127.0.0.1:4321/contractor/billing?checkout={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:4321/contractor/billing',
  });
  const subscription = completeSubscriptionCheckout(standIn.state, session.sessionId);
  const invoice = [...standIn.state.objects.values()].find(
    (o) => o.object === 'invoice' && JSON.stringify(o['parent']).includes(subscription.id),
  )!;
  return { business, customer, session, subscription, invoice };
}

async function rows(businessId: string) {
  return sql`
    select plan, status, price_cents, cancel_at_period_end, stripe_subscription_id
      from subscriptions where business_id = ${businessId}`;
}

describe('plan webhook handlers', () => {
  it('record one active plan from the events of a Checkout, in either order and each twice', async () => {
    for (const reversed of [false, true]) {
      const { business, session, subscription, invoice } = await subscribed('basic');
      const events = [
        event('checkout.session.completed', { id: session.sessionId, mode: 'subscription' }),
        event('customer.subscription.created', { id: subscription.id, status: 'incomplete' }),
        event('invoice.paid', { id: invoice.id }),
      ];
      const order = reversed ? [...events].reverse() : events;
      await deliver(...order, ...order);
      expect(await rows(business.id)).toEqual([
        {
          plan: 'basic',
          status: 'active',
          price_cents: 4900,
          cancel_at_period_end: false,
          stripe_subscription_id: subscription.id,
        },
      ]);
    }
  });

  it('follow a change made in the portal, a failed renewal and the end, whatever order they arrive in', async () => {
    const { business, subscription } = await subscribed('featured');
    await deliver(event('customer.subscription.created', { id: subscription.id }));
    expect((await sql`select featured from businesses where id = ${business.id}`)[0]).toEqual({
      featured: true,
    });

    // Stripe moves on: a failed renewal, then the subscription ends. The events come late, out of
    // order and twice: each re-read says what Stripe holds now.
    const failed = failRenewal(standIn.state, subscription.id);
    const updated = event('customer.subscription.updated', { id: subscription.id, status: 'past_due' });
    const paymentFailed = event('invoice.payment_failed', { id: failed.id });
    await deliver(paymentFailed, updated, paymentFailed);
    expect((await rows(business.id))[0]).toMatchObject({ plan: 'featured', status: 'past_due' });
    expect((await sql`select featured from businesses where id = ${business.id}`)[0]).toEqual({
      featured: true,
    });

    endSubscription(standIn.state, subscription.id);
    const deleted = event('customer.subscription.deleted', { id: subscription.id, status: 'canceled' });
    await deliver(deleted, updated, paymentFailed, deleted);
    expect(await rows(business.id)).toEqual([
      expect.objectContaining({
        plan: 'featured',
        status: 'canceled',
        stripe_subscription_id: subscription.id,
      }),
    ]);
    expect(
      (await sql`select featured, featured_by_plan from businesses where id = ${business.id}`)[0],
    ).toEqual({
      featured: false,
      featured_by_plan: false,
    });
    const publishes = await sql`
      select reason from publish_requests where entity_type = 'business' and entity_id = ${business.id}
       order by created_at, reason`;
    expect(publishes.map((p) => String(p['reason']))).toEqual([
      'Featured plan started',
      'Featured plan ended',
    ]);
  });

  it('and the return from Checkout racing them write one row', async () => {
    const { business, session, subscription } = await subscribed('basic');
    const completed = event('checkout.session.completed', { id: session.sessionId, mode: 'subscription' });
    const created = event('customer.subscription.created', { id: subscription.id });
    const [settled] = await Promise.all([
      settlePlanCheckout(sql, gateway, business.id, session.sessionId, null),
      deliver(completed),
      deliver(created),
      settlePlanCheckout(sql, gateway, business.id, session.sessionId, null),
    ]);
    expect(settled).toBe(true);
    expect(await rows(business.id)).toEqual([expect.objectContaining({ plan: 'basic', status: 'active' })]);
  });

  it('record a plan changed through the gateway (the portal) with its new price', async () => {
    const { business, subscription } = await subscribed('basic');
    await gateway.changeSubscription(subscription.id, 'featured');
    await deliver(event('customer.subscription.updated', { id: subscription.id }));
    expect((await rows(business.id))[0]).toMatchObject({ plan: 'featured', price_cents: 19900 });
  });

  it('leave setup-mode sessions to payment setup, asking Stripe nothing', async () => {
    const before = standIn.requests.length;
    await deliver(event('checkout.session.completed', { id: 'cs_setup_only', mode: 'setup' }));
    expect(standIn.requests.length).toBe(before);
  });

  it('ignore a subscription whose metadata names a business that does not own its customer', async () => {
    const { business, subscription } = await subscribed('featured');
    const victim = await createBusiness(sql);
    (subscription['metadata'] as Record<string, string>)['business_id'] = victim.id;
    await deliver(event('customer.subscription.updated', { id: subscription.id }));
    expect(await rows(victim.id)).toEqual([]);
    expect(await rows(business.id)).toEqual([]);
    expect((await sql`select featured from businesses where id = ${victim.id}`)[0]).toEqual({
      featured: false,
    });
  });
});

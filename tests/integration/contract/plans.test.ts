// The PaymentGateway contract for plans and the portal, run against both adapters (the sandbox,
// and the stripe SDK against the stand-in of Stripe's API): a Checkout session in subscription
// mode read back before and after it is paid, a prorated plan change and its preview (the new
// price and the proration to the second, as Stripe's upcoming-invoice preview bills them; the
// sandbox computes the same), a cancel at the period's end, and a Customer Portal URL. Paying on the hosted page is played by each gateway's own
// stand-in (the sandbox's page code; the Stripe stand-in's completion).
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../src/domain/plans.ts';
import { completeSubscriptionSession } from '../../../src/server/money/sandbox-pages/sandbox-plan-pages.ts';
import { completeSubscriptionCheckout } from '../../helpers/stripe-stand-in/checkout-subscriptions.ts';
import { createBusiness, createUser, giveCard } from '../../factories/index.ts';
import { gatewaysUnderTest, type GatewayUnderTest } from '../../helpers/gateways-under-test.ts';
import { useTestSql } from '../../helpers/sql.ts';

const sql = useTestSql();

describe.each(gatewaysUnderTest(sql))('$name gateway: plans and portal', (under: GatewayUnderTest) => {
  /** A business with a card at the gateway, and a paid Checkout session for `plan`. */
  async function subscribed(plan: PlanId) {
    const owner = await createUser(sql, { roles: ['contractor'] });
    const business = await createBusiness(sql, { ownerId: owner.id });
    let customerId: string;
    if (under.name === 'sandbox') {
      await giveCard(sql, business.id);
      const [row] = await sql<
        { id: string }[]
      >`select stripe_customer_id as id from businesses where id = ${business.id}`;
      customerId = row!.id;
    } else {
      customerId = (await under.savedCard('visa')).customerId;
    }
    const session = await under.gateway.createSubscriptionSession({
      businessId: business.id,
      customerId,
      email: 'owner@example.com',
      plan,
      returnUrl: 'http://127.0.0.1:4321/contractor/billing?tab=subscription&checkout={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://127.0.0.1:4321/contractor/billing?tab=subscription',
    });
    const before = await under.gateway.subscriptionOfSession(session.sessionId);
    if (under.name === 'sandbox') {
      expect(
        await completeSubscriptionSession(sql, under.gateway, session.sessionId, owner.id),
      ).toMatchObject({
        kind: 'subscribed',
      });
    } else {
      completeSubscriptionCheckout(under.standIn!.state, session.sessionId);
    }
    const after = await under.gateway.subscriptionOfSession(session.sessionId);
    return { business, customerId, session, before, after };
  }

  it('starts a plan through a hosted Checkout page in subscription mode', async () => {
    const { business, customerId, session, before, after } = await subscribed('enhanced');
    expect(session.customerId).toBe(customerId);
    expect(session.url).toMatch(/^https?:\/\//);
    expect(before).toEqual({ businessId: business.id, customerId, subscription: null });
    expect(after.businessId).toBe(business.id);
    const s = after.subscription!;
    expect(s).toMatchObject({ plan: 'enhanced', status: 'active', cancelAtPeriodEnd: false });
    expect(s.subscriptionId).toMatch(/^sub_/);
    const days = (s.currentPeriodEnd.getTime() - s.currentPeriodStart.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it('changes the plan, keeping the subscription and its period', async () => {
    const { after } = await subscribed('basic');
    const first = after.subscription!;
    const changed = await under.gateway.changeSubscription(first.subscriptionId, 'featured');
    expect(changed).toEqual({ ...first, plan: 'featured' });
    if (under.standIn) {
      const update = under.standIn.requests.findLast(
        (r) => r.path === `/v1/subscriptions/${first.subscriptionId}`,
      )!;
      expect(update.body.get('proration_behavior')).toBe('create_prorations');
    }
  });

  it('cancels at the end of the paid period: still active until then', async () => {
    const { after } = await subscribed('featured');
    const first = after.subscription!;
    const canceled = await under.gateway.cancelSubscription(first.subscriptionId);
    expect(canceled).toEqual({ ...first, cancelAtPeriodEnd: true });
    // A change afterwards takes the cancellation back.
    expect(await under.gateway.changeSubscription(first.subscriptionId, 'basic')).toEqual({
      ...first,
      plan: 'basic',
      cancelAtPeriodEnd: false,
    });
  });

  it('refuses to change or cancel a subscription it does not know', async () => {
    await expect(under.gateway.changeSubscription('sub_unknown', 'basic')).rejects.toThrow(/No such/);
    await expect(under.gateway.cancelSubscription('sub_unknown')).rejects.toThrow(/No such/);
    await expect(under.gateway.previewPlanChange('sub_unknown', 'basic', new Date())).rejects.toThrow(
      /No such/,
    );
  });

  /** Stripe's proration, worked out by hand: the new price for the time left less the old one's. */
  function expectedProration(oldCents: number, newCents: number, start: Date, end: Date, at: Date) {
    const s = Math.floor(start.getTime() / 1000);
    const e = Math.floor(end.getTime() / 1000);
    const left = (e - Math.floor(at.getTime() / 1000)) / (e - s);
    return Math.round(newCents * left) - Math.round(oldCents * left);
  }

  it.each([
    ['enhanced', 'featured', 9900, 19900],
    ['featured', 'basic', 19900, 4900],
  ] as const)(
    'previews a change from %s to %s: the new price, the proration to the second, the next invoice; nothing changes',
    async (from, to, oldCents, newCents) => {
      const { session, after } = await subscribed(from);
      const s = after.subscription!;
      // Halfway through the period, in whole seconds as Stripe counts.
      const start = Math.floor(s.currentPeriodStart.getTime() / 1000);
      const end = Math.floor(s.currentPeriodEnd.getTime() / 1000);
      const at = new Date((start + Math.floor((end - start) / 2)) * 1000);
      const proration = expectedProration(oldCents, newCents, s.currentPeriodStart, s.currentPeriodEnd, at);
      // About half the difference: a credit when the plan is cheaper.
      expect(Math.abs(proration - (newCents - oldCents) / 2)).toBeLessThanOrEqual(1);
      const preview = await under.gateway.previewPlanChange(s.subscriptionId, to, at);
      expect(preview).toEqual({
        plan: to,
        priceCents: newCents,
        prorationCents: proration,
        nextInvoiceCents: Math.max(newCents + proration, 0),
        nextInvoiceAt: s.currentPeriodEnd,
        prorationDate: at,
      });
      // A preview is only a preview.
      expect((await under.gateway.subscriptionOfSession(session.sessionId)).subscription).toEqual(s);
    },
  );

  it('previews nothing to prorate for the same plan (a cancelled plan taken back)', async () => {
    const { after } = await subscribed('basic');
    const s = after.subscription!;
    const preview = await under.gateway.previewPlanChange(s.subscriptionId, 'basic', new Date());
    expect(preview).toMatchObject({
      plan: 'basic',
      priceCents: 4900,
      prorationCents: 0,
      nextInvoiceCents: 4900,
    });
  });

  it("bills a change as of the preview's moment", async () => {
    const { after } = await subscribed('basic');
    const s = after.subscription!;
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const preview = await under.gateway.previewPlanChange(s.subscriptionId, 'enhanced', at);
    expect(
      await under.gateway.changeSubscription(s.subscriptionId, 'enhanced', preview.prorationDate),
    ).toEqual({
      ...s,
      plan: 'enhanced',
    });
    if (under.standIn) {
      const update = under.standIn.requests.findLast(
        (r) => r.path === `/v1/subscriptions/${s.subscriptionId}`,
      )!;
      expect(update.body.get('proration_date')).toBe(String(at.getTime() / 1000));
      const asked = under.standIn.requests.findLast((r) => r.path === '/v1/invoices/create_preview')!;
      expect(asked.body.get('subscription_details[proration_date]')).toBe(String(at.getTime() / 1000));
      expect(asked.body.get('subscription_details[proration_behavior]')).toBe('create_prorations');
    }
  });

  it('opens a Customer Portal session for the customer', async () => {
    const { customerId } = await subscribed('basic');
    const { url } = await under.gateway.createPortalSession({
      customerId,
      returnUrl: 'http://127.0.0.1:4321/contractor/billing',
    });
    const parsed = new URL(url);
    if (under.name === 'sandbox') {
      expect(parsed.origin + parsed.pathname).toBe('http://127.0.0.1:4321/sandbox/portal');
      expect(parsed.searchParams.get('session')).toMatch(/^bps_sbx_[0-9a-f]{32}$/);
    } else {
      expect(parsed.origin).toBe('https://billing.stripe.com');
    }
  });
});

// Stripe Billing behind the gateway port: Checkout in subscription mode with the plan's Price
// (found by its lookup_key, e.g. plan_basic_monthly: README, "Stripe plans"), a plan change with
// proration and its preview (the upcoming invoice with the change, invoices.createPreview, at the
// same proration date), cancel at the period's end, and Customer Portal sessions. Spread into the Stripe
// gateway; the webhook handlers read subscriptions with subscriptionState too.
import type Stripe from 'stripe';
import { PLANS, planOfLookupKey, type PlanId } from '../../../domain/plans.ts';
import { AppError } from '../../platform/errors.ts';
import type {
  PlanMethods,
  PlanChangePreview,
  SetupSession,
  SubscriptionSessionRequest,
  SubscriptionSessionResult,
  SubscriptionState,
} from './gateway.ts';
import type { AsRead } from './stripe-event-types.ts';

const KEPT_STATUSES = ['active', 'trialing', 'past_due', 'incomplete'] as const;

/** The subscription as the port states it; null when its price is none of our plans'. */
export function subscriptionState(subscription: AsRead<Stripe.Subscription>): SubscriptionState | null {
  const item = subscription.items?.data[0];
  const plan = planOfLookupKey(item?.price.lookup_key);
  if (!item || !plan) return null;
  // canceled, incomplete_expired, unpaid, paused: no plan benefits.
  const status = KEPT_STATUSES.find((s) => s === subscription.status) ?? 'canceled';
  return {
    subscriptionId: subscription.id,
    plan,
    status,
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
  };
}

/** The business a subscription belongs to, as we wrote it on the subscription. */
export const businessIdOf = (subscription: AsRead<Stripe.Subscription>): string | null =>
  subscription.metadata?.['business_id'] ?? null;

const unixSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);

const customerIdOf = (customer: string | { id: string } | null): string | null =>
  typeof customer === 'string' ? customer : (customer?.id ?? null);

export function stripePlans(stripe: Stripe): PlanMethods {
  async function priceOf(plan: PlanId): Promise<Stripe.Price> {
    const { lookupKey } = PLANS[plan];
    const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new AppError('UNAVAILABLE', `The ${PLANS[plan].name} plan is not available yet.`);
    return price;
  }

  function stateOf(subscription: Stripe.Subscription): SubscriptionState {
    const state = subscriptionState(subscription);
    if (!state) throw new Error(`Subscription ${subscription.id} has no plan's price`);
    return state;
  }

  return {
    async createSubscriptionSession(request: SubscriptionSessionRequest): Promise<SetupSession> {
      const price = await priceOf(request.plan);
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create({
            email: request.email,
            metadata: { business_id: request.businessId },
          })
        ).id;
      const metadata = { business_id: request.businessId, plan: request.plan };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: request.businessId,
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error('Stripe Checkout gave no URL');
      return { url: session.url, sessionId: session.id, customerId };
    },

    async changeSubscription(
      subscriptionId: string,
      plan: PlanId,
      prorationDate?: Date,
    ): Promise<SubscriptionState> {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
      const price = await priceOf(plan);
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: 'create_prorations',
        // The moment the contractor was shown the price: Stripe bills what the preview said.
        ...(prorationDate ? { proration_date: unixSeconds(prorationDate) } : {}),
        // A change takes back a pending cancellation, as the portal does.
        cancel_at_period_end: false,
        metadata: { plan },
      });
      return stateOf(updated);
    },

    async previewPlanChange(
      subscriptionId: string,
      plan: PlanId,
      prorationDate: Date,
    ): Promise<PlanChangePreview> {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      const customer = customerIdOf(current.customer);
      if (!item || !customer) throw new Error(`Subscription ${subscriptionId} has no item or customer`);
      const price = await priceOf(plan);
      const at = unixSeconds(prorationDate);
      const invoice = await stripe.invoices.createPreview({
        customer,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: price.id }],
          proration_behavior: 'create_prorations',
          proration_date: at,
          cancel_at_period_end: false,
        },
      });
      const proration = invoice.lines.data
        .filter((line) => line.parent?.subscription_item_details?.proration)
        .reduce((sum, line) => sum + line.amount, 0);
      return {
        plan,
        priceCents: price.unit_amount ?? PLANS[plan].priceCents,
        prorationCents: proration,
        nextInvoiceCents: invoice.amount_due,
        nextInvoiceAt: new Date(item.current_period_end * 1000),
        prorationDate: new Date(at * 1000),
      };
    },

    async cancelSubscription(subscriptionId: string): Promise<SubscriptionState> {
      return stateOf(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async createPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
      const session = await stripe.billingPortal.sessions.create({
        customer: request.customerId,
        return_url: request.returnUrl,
      });
      return { url: session.url };
    },

    async subscriptionOfSession(sessionId: string): Promise<SubscriptionSessionResult> {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
      const subscription =
        session.mode === 'subscription' && session.subscription && typeof session.subscription !== 'string'
          ? session.subscription
          : null;
      return {
        businessId: session.metadata?.['business_id'] ?? session.client_reference_id ?? null,
        customerId: customerIdOf(session.customer),
        subscription: subscription ? subscriptionState(subscription) : null,
      };
    },
  };
}

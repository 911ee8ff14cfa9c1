// Subscriptions and their invoices: read back, a plan change (items[0][price], prorated) and
// cancel_at_period_end, as Stripe answers them. Tests move a subscription as Stripe would on its
// own (a renewal failing, the period ending) with the helpers below.
import { planPrices } from './prices.ts';
import { StandInState, unixNow, type Route, type StripeObject } from './state.ts';

const MONTH = 30 * 86_400;

type Item = StripeObject & { price: StripeObject; current_period_start: number; current_period_end: number };
type Subscription = StripeObject & { items: { data: Item[] }; status: string; customer: string };

/** A new active subscription to `priceId` for `customer`, with its first invoice paid. */
export function createSubscription(
  state: StandInState,
  customer: string,
  priceId: string,
  metadata: Record<string, string>,
): Subscription {
  planPrices(state);
  const price = state.get(priceId, 'price')!;
  const now = unixNow();
  const id = state.id('sub');
  const subscription = state.put({
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    created: now,
    metadata,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: state.id('si'),
          object: 'subscription_item',
          price,
          quantity: 1,
          subscription: id,
          current_period_start: now,
          current_period_end: now + MONTH,
        },
      ],
    },
  }) as Subscription;
  createInvoice(state, subscription, 'paid');
  return subscription;
}

/** An invoice of `subscription` ('paid', or 'open' for a failed payment). */
export function createInvoice(
  state: StandInState,
  subscription: Subscription,
  status: 'paid' | 'open',
): StripeObject {
  return state.put({
    id: state.id('in'),
    object: 'invoice',
    customer: subscription.customer,
    status,
    amount_due: subscription.items.data[0]!.price['unit_amount'],
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription['metadata'] },
    },
    created: unixNow(),
  });
}

/** As Stripe on its own: a renewal's payment failed (past_due, an open invoice), or the end. */
export function failRenewal(state: StandInState, subscriptionId: string): StripeObject {
  const subscription = state.get(subscriptionId, 'subscription') as Subscription;
  subscription.status = 'past_due';
  return createInvoice(state, subscription, 'open');
}

export function endSubscription(state: StandInState, subscriptionId: string): void {
  const subscription = state.get(subscriptionId, 'subscription') as Subscription;
  subscription.status = 'canceled';
  subscription['canceled_at'] = unixNow();
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const subscription = state.get(id!, 'subscription');
      return subscription ? { status: 200, body: subscription } : StandInState.missing(id!);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle({ state, body, params: [id] }) {
      const subscription = state.get(id!, 'subscription') as Subscription | undefined;
      if (!subscription) return StandInState.missing(id!);
      if (subscription.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'A canceled subscription can only update its cancellation_details and metadata.',
            },
          },
        };
      }
      const priceId = body.get('items[0][price]');
      if (priceId) {
        planPrices(state);
        const price = state.get(priceId, 'price');
        if (!price) return StandInState.missing(priceId);
        const item = subscription.items.data.find((i) => i.id === body.get('items[0][id]'));
        if (!item) return StandInState.missing(body.get('items[0][id]') ?? '');
        item.price = price;
        if (body.get('proration_behavior') !== 'none') subscription['prorated'] = true;
      }
      const cancel = body.get('cancel_at_period_end');
      if (cancel !== null) subscription['cancel_at_period_end'] = cancel === 'true';
      for (const [name, value] of body) {
        const field = /^metadata\[(.+)\]$/.exec(name);
        if (field) (subscription['metadata'] as Record<string, string>)[field[1]!] = value;
      }
      return { status: 200, body: subscription };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/invoices\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const invoice = state.get(id!, 'invoice');
      return invoice ? { status: 200, body: invoice } : StandInState.missing(id!);
    },
  },
];

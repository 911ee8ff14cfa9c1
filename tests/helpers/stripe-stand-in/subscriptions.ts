// Subscriptions and their invoices: read back (an invoice with its amounts, hosted page, line period
// and parent.subscription_details), a plan change (items[0][price], prorated) and
// cancel_at_period_end, and the upcoming invoice's preview with a change (POST
// /v1/invoices/create_preview: proration lines for the rest of the period, to the second, each
// rounded to the cent, then the next period at the new price), as Stripe answers them. Tests move a subscription as Stripe would on its
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

/**
 * An invoice of `subscription` for its item's current period: 'paid' (amount_paid the price), or
 * 'open' for a payment attempted and failed (amount_paid 0, amount_due the price). The plan is the
 * one its subscription's metadata names, snapshotted as Stripe does in parent.subscription_details.
 */
function createInvoice(
  state: StandInState,
  subscription: Subscription,
  status: 'paid' | 'open',
): StripeObject {
  const item = subscription.items.data[0]!;
  const amount = item.price['unit_amount'] as number;
  const id = state.id('in');
  const now = unixNow();
  return state.put({
    id,
    object: 'invoice',
    customer: subscription.customer,
    status,
    attempted: true,
    attempt_count: 1,
    currency: 'usd',
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    amount_remaining: status === 'paid' ? 0 : amount,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/${id}`,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: [
        {
          id: state.id('il'),
          object: 'line_item',
          amount,
          currency: 'usd',
          period: { start: item.current_period_start, end: item.current_period_end },
        },
      ],
    },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: subscription.id,
        metadata: { ...(subscription['metadata'] as object) },
      },
    },
    status_transitions: { paid_at: status === 'paid' ? now : null, finalized_at: now },
    created: now,
  });
}

/** As Stripe on its own: a retry of an open invoice's payment succeeded (the subscription active). */
export function payInvoice(state: StandInState, invoiceId: string): StripeObject {
  const invoice = state.get(invoiceId, 'invoice')!;
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice['amount_due'],
    amount_remaining: 0,
    attempt_count: (invoice['attempt_count'] as number) + 1,
    status_transitions: { ...(invoice['status_transitions'] as object), paid_at: unixNow() },
  });
  const subscriptionId = (invoice['parent'] as { subscription_details: { subscription: string } })
    .subscription_details.subscription;
  const subscription = state.get(subscriptionId, 'subscription');
  if (subscription && subscription['status'] === 'past_due') subscription['status'] = 'active';
  return invoice;
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

/** Stripe's preview of the upcoming invoice of `subscription_details` applied to a subscription. */
function previewInvoice(state: StandInState, body: URLSearchParams) {
  const subscription = state.get(body.get('subscription') ?? '', 'subscription') as Subscription | undefined;
  if (!subscription) return StandInState.missing(body.get('subscription') ?? '');
  if (body.get('customer') && body.get('customer') !== subscription.customer) {
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'The subscription is not the customer’s.' } },
    };
  }
  planPrices(state);
  const item = subscription.items.data[0]!;
  const itemId = body.get('subscription_details[items][0][id]');
  if (itemId && itemId !== item.id) return StandInState.missing(itemId);
  const newPrice = state.get(body.get('subscription_details[items][0][price]') ?? item.price.id, 'price');
  if (!newPrice) return StandInState.missing(body.get('subscription_details[items][0][price]') ?? '');
  const oldAmount = item.price['unit_amount'] as number;
  const newAmount = newPrice['unit_amount'] as number;
  const at = Number(body.get('subscription_details[proration_date]') ?? unixNow());
  const start = item.current_period_start;
  const end = item.current_period_end;
  const left = Math.min(Math.max(end - at, 0), end - start) / (end - start);
  const prorate =
    newPrice.id !== item.price.id && body.get('subscription_details[proration_behavior]') !== 'none';
  const line = (amount: number, proration: boolean, period: { start: number; end: number }) => ({
    id: state.id('il'),
    object: 'line_item',
    amount,
    currency: 'usd',
    period,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: null,
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
  });
  const lines = [
    ...(prorate
      ? [
          line(-Math.round(oldAmount * left), true, { start: at, end }),
          line(Math.round(newAmount * left), true, { start: at, end }),
        ]
      : []),
    line(newAmount, false, { start: end, end: end + MONTH }),
  ];
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    status: 200,
    body: {
      id: `upcoming_${subscription.id}`,
      object: 'invoice',
      customer: subscription.customer,
      status: 'draft',
      currency: 'usd',
      amount_due: Math.max(total, 0),
      total,
      subscription_proration_date: prorate ? at : null,
      period_start: start,
      period_end: end,
      lines: { object: 'list', has_more: false, url: '/v1/invoices/upcoming/lines', data: lines },
    },
  };
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/invoices\/create_preview$/,
    handle: ({ state, body }) => previewInvoice(state, body),
  },
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

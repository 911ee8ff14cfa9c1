// Checkout Sessions in subscription mode (the setup mode is checkout-sessions.ts's): made with
// one line item of a plan's Price, completed by `completeSubscriptionCheckout` as the contractor
// paying on Stripe's hosted page would, read back with the subscription expanded.
import { listParam, planPrices } from './prices.ts';
import { StandInState, unixNow, type Route, type StripeObject } from './state.ts';
import { createSubscription } from './subscriptions.ts';

function metadataOf(body: URLSearchParams, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  const pattern = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(.+)\\]$`);
  for (const [name, value] of body) {
    const field = pattern.exec(name);
    if (field) metadata[field[1]!] = value;
  }
  return metadata;
}

/** As the contractor paying on the hosted page: the subscription made, the session complete. */
export function completeSubscriptionCheckout(state: StandInState, sessionId: string): StripeObject {
  const session = state.get(sessionId, 'checkout.session')!;
  if (session['status'] === 'complete') return state.get(session['subscription'] as string)!;
  const subscription = createSubscription(
    state,
    session['customer'] as string,
    session['price'] as string,
    session['subscription_metadata'] as Record<string, string>,
  );
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
  return subscription;
}

export const checkoutSubscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle({ state, body }) {
      if (body.get('mode') !== 'subscription') return undefined;
      planPrices(state);
      const price = body.get('line_items[0][price]') ?? '';
      if (!state.get(price, 'price')) return StandInState.missing(price);
      const customer = body.get('customer') ?? '';
      if (!state.get(customer, 'customer')) return StandInState.missing(customer);
      const id = state.id('cs');
      const session = state.put({
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: body.get('client_reference_id'),
        metadata: metadataOf(body, 'metadata'),
        subscription_metadata: metadataOf(body, 'subscription_data[metadata]'),
        price,
        subscription: null,
        success_url: body.get('success_url'),
        cancel_url: body.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: unixNow(),
      });
      return { status: 200, body: session };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle({ state, body, params: [id] }) {
      const session = state.get(id!, 'checkout.session');
      if (!session || session['mode'] !== 'subscription') return undefined;
      const expand = listParam(body, 'expand');
      const subscription =
        expand.includes('subscription') && session['subscription']
          ? state.get(session['subscription'] as string)
          : session['subscription'];
      return { status: 200, body: { ...session, subscription } };
    },
  },
];

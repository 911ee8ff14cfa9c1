// Customer Portal sessions: a URL on Stripe's billing site for a customer it knows.
import { StandInState, unixNow, type Route } from './state.ts';

export const billingPortalRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    handle({ state, body }) {
      const customer = body.get('customer') ?? '';
      if (!state.get(customer, 'customer')) return StandInState.missing(customer);
      const id = state.id('bps');
      const session = state.put({
        id,
        object: 'billing_portal.session',
        customer,
        return_url: body.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${id}`,
        livemode: false,
        created: unixNow(),
      });
      return { status: 200, body: session };
    },
  },
];

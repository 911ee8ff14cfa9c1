// Customers: created (with email and metadata) and read back, as Stripe does.
import { bracketed } from './form.ts';
import { StandInState, unixNow, type Route } from './state.ts';

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handle({ state, body }) {
      const customer = state.put({
        id: state.id('cus'),
        object: 'customer',
        email: body.get('email'),
        metadata: bracketed(body, 'metadata'),
        created: unixNow(),
        invoice_settings: { default_payment_method: null },
      });
      return { status: 200, body: customer };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const customer = state.get(id!, 'customer');
      return customer ? { status: 200, body: customer } : StandInState.missing(id!);
    },
  },
];

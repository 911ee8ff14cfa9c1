// PaymentMethods: Stripe's test cards (https://docs.stripe.com/testing) as objects with their
// brand, last4 and expiry; read, updated (expiry), attached and detached as Stripe does. A card
// saved through Checkout is a new PaymentMethod made from a test card (see checkout-sessions.ts).
import { bracketed } from './form.ts';
import { StandInState, unixNow, type Route, type StripeObject } from './state.ts';

/** The test cards a hosted setup page saves, by Stripe's test PaymentMethod name. */
const TEST_CARDS = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '0005' },
} as const;

export type SetupTestCard = keyof typeof TEST_CARDS;

/** A new card PaymentMethod made from a test card, attached to `customer` (or to nobody). */
export function makeCardMethod(
  state: StandInState,
  card: SetupTestCard,
  customer: string | null,
): StripeObject {
  const now = new Date();
  return state.put({
    id: state.id('pm'),
    object: 'payment_method',
    type: 'card',
    customer,
    created: unixNow(),
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      ...TEST_CARDS[card],
      country: 'US',
      funding: 'credit',
      exp_month: 12,
      exp_year: now.getUTCFullYear() + 3,
    },
  });
}

const method = (state: StandInState, id: string) => state.get(id, 'payment_method');

export const paymentMethodRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const found = method(state, id!);
      return found ? { status: 200, body: found } : StandInState.missing(id!);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle({ state, body, params: [id] }) {
      const found = method(state, id!);
      if (!found) return StandInState.missing(id!);
      const card = bracketed(body, 'card');
      const current = found['card'] as Record<string, unknown>;
      if (card['exp_month']) current['exp_month'] = Number(card['exp_month']);
      if (card['exp_year']) current['exp_year'] = Number(card['exp_year']);
      Object.assign(found['metadata'] as object, bracketed(body, 'metadata'));
      return { status: 200, body: found };
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    handle({ state, params: [id] }) {
      const found = method(state, id!);
      if (!found) return StandInState.missing(id!);
      found['customer'] = null;
      return { status: 200, body: found };
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    handle({ state, body, params: [id] }) {
      const found = method(state, id!);
      const customer = body.get('customer') ?? '';
      if (!found) return StandInState.missing(id!);
      if (!state.get(customer, 'customer')) return StandInState.missing(customer);
      found['customer'] = customer;
      return { status: 200, body: found };
    },
  },
];

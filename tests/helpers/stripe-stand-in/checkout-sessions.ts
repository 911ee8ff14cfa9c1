// Checkout Sessions in setup mode (another module answers mode=subscription: this one passes on
// anything else). Creating one makes its SetupIntent (usage off_session) as Stripe does; reading
// one expands `setup_intent` and `setup_intent.payment_method` when asked. `completeCheckoutSetup`
// is what Stripe's hosted page does when the customer saves a test card there.
import { bracketed, listOf } from './form.ts';
import { makeCardMethod, type SetupTestCard } from './payment-methods.ts';
import { expandedSetupIntent } from './setup-intents.ts';
import { StandInState, unixNow, type Answer, type Route, type StripeObject } from './state.ts';

const invalid = (message: string, param: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, param } },
});

export const checkoutSetupRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle({ state, body }) {
      if (body.get('mode') !== 'setup') return undefined;
      const customer = body.get('customer');
      if (customer && !state.get(customer, 'customer')) return StandInState.missing(customer);
      if (!body.get('success_url')) return invalid('Missing required param: success_url.', 'success_url');
      const paymentMethodTypes = listOf(body, 'allowed_payment_method_types');
      const created = unixNow();
      const intent = state.put({
        id: state.id('seti'),
        object: 'setup_intent',
        status: 'requires_payment_method',
        usage: 'off_session',
        customer,
        payment_method: null as string | null,
        payment_method_types: paymentMethodTypes.length ? paymentMethodTypes : ['card'],
        metadata: bracketed(body, 'setup_intent_data[metadata]'),
        created,
      });
      const id = state.id('cs_test');
      const session = state.put({
        id,
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        customer,
        currency: body.get('currency'),
        payment_method_types: intent.payment_method_types,
        metadata: bracketed(body, 'metadata'),
        setup_intent: intent.id,
        subscription: null,
        success_url: body.get('success_url'),
        cancel_url: body.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created,
        expires_at: created + 24 * 3600,
      });
      return { status: 200, body: session };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle({ state, body, params: [id] }) {
      const session = state.get(id!, 'checkout.session');
      if (!session) return StandInState.missing(id!);
      if (session['mode'] !== 'setup') return undefined;
      const expand = listOf(body, 'expand');
      const copy = { ...session };
      const intent = state.get(session['setup_intent'] as string, 'setup_intent');
      if (expand.includes('setup_intent') && intent) {
        const nested = expand
          .filter((path) => path.startsWith('setup_intent.'))
          .map((path) => path.slice(13));
        copy['setup_intent'] = expandedSetupIntent(state, intent, nested);
      }
      return { status: 200, body: copy };
    },
  },
];

/**
 * What Stripe's hosted page does when the customer saves `card` on the setup session: a new card
 * PaymentMethod attached to the session's customer, the SetupIntent succeeded with it, the
 * session complete. Answers the objects made, for the test to build Stripe's events from.
 */
export function completeCheckoutSetup(
  state: StandInState,
  sessionId: string,
  card: SetupTestCard = 'pm_card_visa',
): { session: StripeObject; setupIntent: StripeObject; paymentMethod: StripeObject } {
  const session = state.get(sessionId, 'checkout.session');
  if (!session || session['mode'] !== 'setup') throw new Error(`No setup session ${sessionId}`);
  const setupIntent = state.get(session['setup_intent'] as string, 'setup_intent')!;
  if (session['status'] !== 'open') throw new Error(`Session ${sessionId} is ${String(session['status'])}`);
  const paymentMethod = makeCardMethod(state, card, session['customer'] as string | null);
  setupIntent['status'] = 'succeeded';
  setupIntent['payment_method'] = paymentMethod.id;
  session['status'] = 'complete';
  return { session, setupIntent, paymentMethod };
}

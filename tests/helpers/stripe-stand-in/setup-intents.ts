// SetupIntents: read back (with `expand[]=payment_method`). They are made by a Checkout Session
// in setup mode and succeed when its hosted page saves a card (checkout-sessions.ts).
import { listOf } from './form.ts';
import { StandInState, type Route, type StripeObject } from './state.ts';

/** The SetupIntent with its payment method expanded when asked (a copy; the state keeps ids). */
export function expandedSetupIntent(
  state: StandInState,
  intent: StripeObject,
  expand: string[],
): StripeObject {
  const copy = { ...intent };
  const methodId = intent['payment_method'] as string | null;
  if (expand.includes('payment_method') && methodId) copy['payment_method'] = state.get(methodId) ?? methodId;
  return copy;
}

export const setupIntentRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/setup_intents\/([^/]+)$/,
    handle({ state, body, params: [id] }) {
      const intent = state.get(id!, 'setup_intent');
      if (!intent) return StandInState.missing(id!);
      return { status: 200, body: expandedSetupIntent(state, intent, listOf(body, 'expand')) };
    },
  },
];

// PaymentIntents: created and confirmed at once off-session, as the gateway does, and read back.
// The test payment methods decline as Stripe's do.
import { StandInState, unixNow, type Answer, type Route } from './state.ts';

const DECLINES: Record<string, { code: string; decline_code?: string; message: string; status: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    status: 'requires_payment_method',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    status: 'requires_payment_method',
  },
  pm_card_chargeDeclinedExpiredCard: {
    code: 'expired_card',
    message: 'Your card has expired.',
    status: 'requires_payment_method',
  },
  pm_card_authenticationRequired: {
    code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
    status: 'requires_payment_method',
  },
};

/** Stripe's list of PaymentIntents: newest first, `created[gte]` / `created[lt]` (and gt / lte),
 * `limit` (default 10, at most 100), `starting_after`, and `expand[]=data.latest_charge`. */
function listIntents(state: StandInState, query: URLSearchParams): Answer {
  const bound = (op: string) => (query.has(`created[${op}]`) ? Number(query.get(`created[${op}]`)) : null);
  const [gte, gt, lte, lt] = [bound('gte'), bound('gt'), bound('lte'), bound('lt')];
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10), 1), 100);
  const expandCharge = [...query.entries()].some(
    ([k, v]) => k.startsWith('expand') && v === 'data.latest_charge',
  );
  // Made in order: the later an object was put, the newer (ties in `created` keep that order).
  const all = [...state.objects.values()]
    .filter((o) => o.object === 'payment_intent')
    .filter((o) => {
      const created = Number(o['created']);
      return (
        (gte === null || created >= gte) &&
        (gt === null || created > gt) &&
        (lte === null || created <= lte) &&
        (lt === null || created < lt)
      );
    })
    .reverse();
  const after = query.get('starting_after');
  const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
  const page = all.slice(start, start + limit).map((intent) =>
    expandCharge && typeof intent['latest_charge'] === 'string'
      ? {
          ...intent,
          latest_charge: state.get(intent['latest_charge'], 'charge') ?? intent['latest_charge'],
        }
      : intent,
  );
  return {
    status: 200,
    body: { object: 'list', url: '/v1/payment_intents', data: page, has_more: start + limit < all.length },
  };
}

export const paymentIntentRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/payment_intents$/,
    handle: ({ state, body }) => listIntents(state, body),
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    handle({ state, body }) {
      const method = body.get('payment_method') ?? '';
      // 'pm_card_chargeDeclined__<anything>' behaves as the test card before the '__' (many
      // businesses may then hold a declining card; payment method ids are unique).
      const decline = DECLINES[method.split('__')[0]!];
      const metadata: Record<string, string> = {};
      for (const [name, value] of body) {
        const field = /^metadata\[(.+)\]$/.exec(name);
        if (field) metadata[field[1]!] = value;
      }
      const intent = state.put({
        id: state.id('pi'),
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency'),
        customer: body.get('customer'),
        payment_method: method,
        description: body.get('description'),
        metadata,
        created: unixNow(),
        status: decline ? decline.status : 'succeeded',
        latest_charge: null as string | null,
        last_payment_error: decline
          ? { code: decline.code, decline_code: decline.decline_code, message: decline.message }
          : null,
      });
      if (!decline) {
        const charge = state.put({
          id: state.id('ch'),
          object: 'charge',
          amount: intent.amount,
          amount_refunded: 0,
          currency: intent.currency,
          customer: intent.customer,
          payment_intent: intent.id,
          paid: true,
          refunded: false,
          status: 'succeeded',
          receipt_url: `https://pay.stripe.com/receipts/payment/${intent.id}`,
          created: intent.created,
        });
        intent.latest_charge = charge.id;
        return { status: 200, body: intent };
      }
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: decline.code,
            ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
            message: decline.message,
            payment_intent: intent,
          },
        },
      };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const intent = state.get(id!, 'payment_intent');
      return intent ? { status: 200, body: intent } : StandInState.missing(id!);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/charges\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const charge = state.get(id!, 'charge');
      return charge ? { status: 200, body: charge } : StandInState.missing(id!);
    },
  },
];

// Refunds of a PaymentIntent's charge, as Stripe answers them: never more than the charge's
// unrefunded amount, only of a succeeded charge; the charge records amount_refunded and becomes
// refunded once whole. (A replayed idempotency key gets the first answer from the router.)
import { StandInState, unixNow, type Answer, type Route, type StripeObject } from './state.ts';

const refused = (code: string, message: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const refundRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    handle({ state, body }) {
      const intentId = body.get('payment_intent') ?? '';
      const intent = state.get(intentId, 'payment_intent');
      if (!intent) return StandInState.missing(intentId);
      const charge =
        typeof intent['latest_charge'] === 'string'
          ? state.get(intent['latest_charge'], 'charge')
          : undefined;
      if (!charge || intent['status'] !== 'succeeded') {
        return refused(
          'charge_not_refundable',
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        );
      }
      const amount = Number(charge['amount']);
      const already = Number(charge['amount_refunded']);
      if (charge['refunded'])
        return refused('charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
      const asked = body.has('amount') ? Number(body.get('amount')) : amount - already;
      if (!Number.isInteger(asked) || asked <= 0 || asked > amount - already) {
        return refused(
          'amount_too_large',
          `Refund amount (${dollars(asked)}) is greater than unrefunded amount on charge (${dollars(amount - already)})`,
        );
      }
      const metadata: Record<string, string> = {};
      for (const [name, value] of body) {
        const field = /^metadata\[(.+)\]$/.exec(name);
        if (field) metadata[field[1]!] = value;
      }
      const refund: StripeObject = state.put({
        id: state.id('re'),
        object: 'refund',
        amount: asked,
        charge: charge.id,
        payment_intent: intentId,
        currency: charge['currency'],
        reason: body.get('reason'),
        metadata,
        status: 'succeeded',
        created: unixNow(),
      });
      charge['amount_refunded'] = already + asked;
      charge['refunded'] = already + asked === amount;
      return { status: 200, body: refund };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const refund = state.get(id!, 'refund');
      return refund ? { status: 200, body: refund } : StandInState.missing(id!);
    },
  },
];

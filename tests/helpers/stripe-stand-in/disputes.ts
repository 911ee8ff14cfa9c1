// Disputes (chargebacks) read back as Stripe answers GET /v1/disputes/:id, and what a test
// arranges in the stand-in's state for the webhook's handlers to re-read: a charge refunded
// (whole or in part) and a charge disputed. Stripe makes these on its side (a refund from the
// dashboard, a cardholder's bank); here a test makes them directly.
import { StandInState, unixNow, type Route, type StripeObject } from './state.ts';

export const disputeRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/disputes\/([^/]+)$/,
    handle({ state, params: [id] }) {
      const dispute = state.get(id!, 'dispute');
      return dispute ? { status: 200, body: dispute } : StandInState.missing(id!);
    },
  },
];

function chargeOf(state: StandInState, chargeId: string): StripeObject & { amount: number } {
  const charge = state.get(chargeId, 'charge');
  if (!charge) throw new Error(`the stand-in holds no charge ${chargeId}`);
  return charge as StripeObject & { amount: number };
}

/** Gives back `amountCents` more of a charge (all of what is left by default), as a refund does. */
export function refundCharge(state: StandInState, chargeId: string, amountCents?: number): StripeObject {
  const charge = chargeOf(state, chargeId) as StripeObject & { amount: number; amount_refunded: number };
  const refunded = Math.min(charge.amount, charge.amount_refunded + (amountCents ?? charge.amount));
  charge.amount_refunded = refunded;
  charge.refunded = refunded === charge.amount;
  return charge;
}

/** A cardholder's dispute of a charge, as Stripe opens one ('needs_response'). */
export function disputeCharge(
  state: StandInState,
  chargeId: string,
  reason: string = 'fraudulent',
): StripeObject & { id: string } {
  const charge = chargeOf(state, chargeId);
  const created = unixNow();
  return state.put({
    id: state.id('dp'),
    object: 'dispute',
    amount: charge.amount,
    currency: charge['currency'] ?? 'usd',
    charge: charge.id,
    payment_intent: charge['payment_intent'] ?? null,
    reason,
    status: 'needs_response',
    created,
    evidence_details: {
      due_by: created + 7 * 86_400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
  });
}

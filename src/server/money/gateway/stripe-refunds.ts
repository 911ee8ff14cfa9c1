// Stripe's refunds and receipts behind the gateway port: a refund of a PaymentIntent with the
// credit's idempotency key (a retry returns the first refund), and the receipt of a succeeded
// charge from its latest charge's receipt_url. A refund Stripe refuses (more than the charge, a
// charge already refunded, no successful charge) is an answer, not an error.
import Stripe from 'stripe';
import type { PaymentGateway, RefundRequest, RefundResult } from './gateway.ts';

export function stripeRefunds(stripe: Stripe): Pick<PaymentGateway, 'refund' | 'receiptUrl'> {
  return {
    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            amount: request.amountCents,
            reason: request.reason,
            ...(request.metadata ? { metadata: request.metadata } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'succeeded') return { status: 'succeeded', refundId: refund.id };
        if (refund.status === 'pending' || refund.status === 'requires_action') {
          return { status: 'pending', refundId: refund.id };
        }
        return {
          status: 'failed',
          refundId: refund.id,
          message: refund.failure_reason ?? 'The refund did not go through.',
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', refundId: null, message: error.message };
        }
        throw error;
      }
    },

    async receiptUrl(paymentIntentId: string): Promise<string | null> {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
      if (intent.status !== 'succeeded' || !intent.latest_charge) return null;
      // Expanded by Stripe; an id where the expansion was not applied.
      const charge =
        typeof intent.latest_charge === 'string'
          ? await stripe.charges.retrieve(intent.latest_charge)
          : intent.latest_charge;
      return charge.paid ? (charge.receipt_url ?? null) : null;
    },
  };
}

// Stripe's charge list behind the gateway port (revenue validation): every PaymentIntent created
// in a period, read with the SDK's auto-pagination (100 a page), with its latest charge expanded
// for the amount refunded. requires_payment_method / canceled are declines; processing,
// requires_action and requires_confirmation have taken no money yet.
import type Stripe from 'stripe';
import type { ChargeListRequest, GatewayCharge, PaymentGateway } from './gateway.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function statusOf(intent: Stripe.PaymentIntent): GatewayCharge['status'] {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return 'failed';
  return 'pending';
}

export function stripeCharges(stripe: Stripe): Pick<PaymentGateway, 'listCharges'> {
  return {
    async listCharges({ since, until }: ChargeListRequest): Promise<GatewayCharge[]> {
      const charges: GatewayCharge[] = [];
      const list = stripe.paymentIntents.list({
        created: { gte: seconds(since), lt: seconds(until) },
        limit: 100,
        expand: ['data.latest_charge'],
      });
      for await (const intent of list) {
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        charges.push({
          paymentIntentId: intent.id,
          amountCents: intent.amount,
          amountRefundedCents: charge?.amount_refunded ?? 0,
          status: statusOf(intent),
          created: new Date(intent.created * 1000),
        });
      }
      // Stripe lists newest first.
      return charges.sort((a, b) => a.created.getTime() - b.created.getTime());
    },
  };
}

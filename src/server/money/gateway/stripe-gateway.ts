// Stripe behind the PaymentGateway port: an off-session PaymentIntent confirmed at once, with the
// idempotency key, so a retry after a crash returns the first charge instead of making a second.
import Stripe from 'stripe';
import { stripeSetupMethods } from './stripe-setup.ts';
import { stripeRefunds } from './stripe-refunds.ts';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.ts';
import { stripePlans } from './stripe-plans.ts';
import { stripeCharges } from './stripe-charges.ts';
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_TIMEOUT_MS } from '../money-rules.ts';

/** The SDK client the gateway and the setup's return and webhooks use. */
export function createStripeClient(
  secretKey: string,
  // `timeout`: tests only, to play a gateway slower than the timeout without waiting 35 s.
  options: { host?: string; port?: number; protocol?: 'http' | 'https'; timeout?: number } = {},
): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    ...options,
  });
}

export function createStripeGateway(
  secretKey: string,
  options: { host?: string; port?: number; protocol?: 'http' | 'https' } = {},
): PaymentGateway {
  return stripeGateway(createStripeClient(secretKey, options));
}

/** The gateway over a client the caller already has (the process's shared one). */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    name: 'stripe',
    ...stripeRefunds(stripe),
    ...stripePlans(stripe),
    ...stripeCharges(stripe),
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            ...(request.metadata ? { metadata: request.metadata } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', paymentIntentId: intent.id };
        return {
          status: intent.status === 'requires_action' ? 'requires_action' : 'failed',
          paymentIntentId: intent.id,
          declineCode: intent.last_payment_error?.decline_code ?? intent.status,
          message: intent.last_payment_error?.message ?? 'The payment was not completed.',
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: error.code === 'authentication_required' ? 'requires_action' : 'failed',
            paymentIntentId: error.payment_intent?.id ?? null,
            // Typed as always present on a card error; Stripe leaves it out for some of them.
            declineCode: error.decline_code || (error.code ?? 'card_declined'),
            message: error.message,
          };
        }
        throw error;
      }
    },
    // Stripe Checkout in setup mode (stripe-setup.ts).
    ...stripeSetupMethods(stripe),
  };
}

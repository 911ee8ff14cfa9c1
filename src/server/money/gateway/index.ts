// The gateway this deployment uses: Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise
// (never in production: config/production.ts refuses to run there without the key).
import type Stripe from 'stripe';
import { stripeSecretKey } from '../../platform/config/payments.ts';
import type { Sql } from '../../platform/db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { sharedStripeClient } from './stripe-client.ts';
import { stripeGateway } from './stripe-gateway.ts';

let stripe: { key: string; gateway: PaymentGateway } | undefined;

export function paymentGateway(sql: Sql): PaymentGateway {
  const key = stripeSecretKey();
  if (!key) return createSandboxGateway(sql);
  // The process's one Stripe client (stripe-client.ts), shared with the webhook's handlers.
  if (stripe?.key !== key) stripe = { key, gateway: stripeGateway(sharedStripeClient(key)) };
  return stripe.gateway;
}

/** The Stripe SDK client when Stripe is the gateway (for re-reading its objects), else null. */
export function stripeClient(): Stripe | null {
  const key = stripeSecretKey();
  return key ? sharedStripeClient(key) : null;
}

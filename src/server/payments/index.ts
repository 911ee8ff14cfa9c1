// The gateway this deployment uses: Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise
// (never in production: config.ts refuses to run there without the key).
import type Stripe from 'stripe';
import { stripeApiOptions, stripeSecretKey } from '../config.ts';
import type { Sql } from '../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { createStripeClient, createStripeGateway } from './stripe-gateway.ts';

let stripe: { key: string; gateway: PaymentGateway; client: Stripe } | undefined;

function stripeOf(key: string) {
  // One Stripe client per process (it keeps its connections), not one per request.
  if (stripe?.key !== key) {
    const options = stripeApiOptions();
    stripe = { key, gateway: createStripeGateway(key, options), client: createStripeClient(key, options) };
  }
  return stripe;
}

export function paymentGateway(sql: Sql): PaymentGateway {
  const key = stripeSecretKey();
  if (!key) return createSandboxGateway(sql);
  return stripeOf(key).gateway;
}

/** The Stripe SDK client when Stripe is the gateway (for re-reading its objects), else null. */
export function stripeClient(): Stripe | null {
  const key = stripeSecretKey();
  return key ? stripeOf(key).client : null;
}

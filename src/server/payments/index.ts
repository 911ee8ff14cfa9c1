// The gateway this deployment uses: Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise
// (never in production: config.ts refuses to run there without the key).
import type Stripe from 'stripe';
import { stripeApi, stripeSecretKey } from '../config.ts';
import type { Sql } from '../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { stripeClient as sharedStripeClient } from './stripe-client.ts';
import { createStripeGateway } from './stripe-gateway.ts';

let stripe: { key: string; gateway: PaymentGateway } | undefined;

export function paymentGateway(sql: Sql): PaymentGateway {
  const key = stripeSecretKey();
  if (!key) return createSandboxGateway(sql);
  // One Stripe client per process (it keeps its connections), not one per request; at
  // STRIPE_API_URL (Stripe's API unless a test points it at the stand-in).
  if (stripe?.key !== key) stripe = { key, gateway: createStripeGateway(key, stripeApi()) };
  return stripe.gateway;
}

/** The Stripe SDK client when Stripe is the gateway (for re-reading its objects), else null. */
export function stripeClient(): Stripe | null {
  const key = stripeSecretKey();
  return key ? sharedStripeClient(key) : null;
}

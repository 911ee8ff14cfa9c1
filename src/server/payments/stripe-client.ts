// The Stripe SDK client of this deployment, one per process and key (it keeps its connections),
// pointed at STRIPE_API_URL (Stripe's API; the tests' stand-in). The gateway adapter and the
// webhook's handlers, which re-read each event's object, share it.
import type Stripe from 'stripe';
import { stripeApi } from '../config.ts';
import { createStripeClient } from './stripe-gateway.ts';

let client: { key: string; stripe: Stripe } | undefined;

export function stripeClient(apiKey: string): Stripe {
  if (client?.key !== apiKey) client = { key: apiKey, stripe: createStripeClient(apiKey, stripeApi()) };
  return client.stripe;
}

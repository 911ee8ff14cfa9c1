// The Stripe SDK client of this deployment, one per process and key (it keeps its connections),
// pointed at STRIPE_API_URL (Stripe's API; the tests' stand-in). The gateway adapter and the
// webhook's handlers, which re-read each event's object, share it.
import Stripe from 'stripe';
import { stripeApi } from '../config.ts';

let client: { key: string; stripe: Stripe } | undefined;

export const STRIPE_CLIENT_OPTIONS = { maxNetworkRetries: 2, timeout: 20_000 } as const;

export function stripeClient(apiKey: string): Stripe {
  if (client?.key !== apiKey) {
    client = { key: apiKey, stripe: new Stripe(apiKey, { ...STRIPE_CLIENT_OPTIONS, ...stripeApi() }) };
  }
  return client.stripe;
}

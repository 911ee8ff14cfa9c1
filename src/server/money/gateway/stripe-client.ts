// The Stripe SDK client of this deployment, one per process and key (it keeps its connections),
// pointed at STRIPE_API_URL (Stripe's API; the tests' stand-in). The gateway adapter and the
// webhook's handlers, which re-read each event's object, share it.
import Stripe from 'stripe';
import { stripeApi } from '../../platform/config/payments.ts';
import { createStripeClient } from './stripe-gateway.ts';

let client: { key: string; stripe: Stripe } | undefined;

export function sharedStripeClient(apiKey: string): Stripe {
  if (client?.key !== apiKey) client = { key: apiKey, stripe: createStripeClient(apiKey, stripeApi()) };
  return client.stripe;
}

/**
 * Stripe's answer for an object it does not have (deleted, or never this account's): a 404 with
 * the code resource_missing. Any other 404 (a wrong URL, a proxy in the way) is a fault of ours to
 * be retried, not a fact about the object.
 */
export function isMissingObject(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  );
}

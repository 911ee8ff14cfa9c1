// Stripe: the API key (null selects the sandbox gateway), where its SDK sends requests, and the
// webhook's signing secret.
import { serverEnv, type ServerEnv } from './env.ts';
import { productionValue } from './production.ts';

/** The Stripe key; null selects the sandbox gateway (never in production). */
export function stripeSecretKey(): string | null {
  return productionValue('STRIPE_SECRET_KEY') ?? null;
}

/** Where the Stripe SDK sends its requests (Stripe's API, or the tests' stand-in). */
export function stripeApi(env: ServerEnv = serverEnv()): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The webhook's signing secret with the API key its handlers re-read objects with; null when
 * STRIPE_WEBHOOK_SECRET is unset (the endpoint then answers 404).
 */
export function stripeWebhookConfig(): { secret: string; apiKey: string } | null {
  const secret = serverEnv().STRIPE_WEBHOOK_SECRET;
  const apiKey = stripeSecretKey();
  return secret && apiKey ? { secret, apiKey } : null;
}

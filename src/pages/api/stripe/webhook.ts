// POST /api/stripe/webhook: where Stripe sends its events (the URL configured in Stripe's
// dashboard, README "Stripe webhooks"). The body is read raw, at most 1 MB (413 past it), for its
// signature (stripe-signature, STRIPE_WEBHOOK_SECRET): a bad or missing one is a 400 and writes
// nothing. 200 for an event processed, a duplicate, a type outside the allow-list, an object with
// no id (incomplete) or one Stripe no longer has (missing), each recorded; 500 when a
// handler failed, so Stripe sends it again. Without STRIPE_WEBHOOK_SECRET (the sandbox) it is 404.
// The middleware lets Stripe's cross-site post through to here (src/server/platform/security/cross-site.ts).
import { stripeWebhookConfig } from '~/server/platform/config/payments';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { readBody } from '~/server/platform/http';
import { sharedStripeClient as stripeClient } from '~/server/money';
import { receiveStripeEvent } from '~/server/stripe-events';
import { route } from '~/server/platform/route';
import { MAX_WEBHOOK_BYTES } from '~/server/platform/security/body-limits';

export const prerender = false;

export const POST = route({ auth: 'none' }, async ({ context }) => {
  const config = stripeWebhookConfig();
  if (!config) throw new AppError('NOT_FOUND', 'Not found');
  const rawBody = await readBody(context.request, MAX_WEBHOOK_BYTES);
  const outcome = await receiveStripeEvent(db(), stripeClient(config.apiKey), config.secret, {
    rawBody,
    signature: context.request.headers.get('stripe-signature'),
  });
  return Response.json({ received: true, outcome });
});

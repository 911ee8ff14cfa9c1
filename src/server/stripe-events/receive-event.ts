// One delivery of a Stripe webhook: the raw body's signature checked with the SDK before anything
// is written (a bad or missing one is a 400 and writes nothing), the event id recorded once, the
// type checked against the allow-list, then every part's handler for the type run in turn. The
// event is marked processed only once they all succeeded: a handler that throws makes the
// delivery a 500, and Stripe's retry runs them again (each handler is idempotent, so running one
// twice, or two deliveries at once, ends in the same state). A delivery of an id already
// processed runs nothing. A signed event is Stripe's word: one whose object has no id, or names an
// object Stripe no longer has (a 404 when a handler re-reads it), is answered 200 and recorded
// with that outcome ('incomplete', 'missing') rather than failed and retried by Stripe for days.
import Stripe from 'stripe';
import type { Sql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { isMissingObject, type WebhookHandlers } from '../money/index.ts';
import { handlersFor, isAllowedEventType, WEBHOOK_HANDLER_PARTS } from './handlers.ts';
import { WEBHOOK_MESSAGES } from './stripe-events-rules.ts';

/** What became of a delivery (all answered 200). */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'missing' | 'incomplete';

/** A Stripe event id, as the stripe_events table takes it. */
const EVENT_ID = /^evt_[A-Za-z0-9_]{1,250}$/;
/** A Stripe object's id, as the handlers re-read it. */
const OBJECT_ID = /^[A-Za-z0-9_]{3,255}$/;

export async function receiveStripeEvent(
  sql: Sql,
  stripe: Stripe,
  secret: string,
  delivery: { rawBody: Buffer; signature: string | null },
  parts: readonly WebhookHandlers[] = WEBHOOK_HANDLER_PARTS,
): Promise<WebhookOutcome> {
  if (!delivery.signature) throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.signature);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(delivery.rawBody, delivery.signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.signature);
  }
  if (!EVENT_ID.test(event.id) || typeof event.type !== 'string' || event.type.length > 100) {
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.event);
  }

  const [recorded] = await sql<{ processed_at: Date | null }[]>`
    insert into stripe_events (id, type, created, livemode)
    values (${event.id}, ${event.type}, to_timestamp(${event.created}), ${event.livemode})
    on conflict (id) do update set attempts = stripe_events.attempts + 1
    returning processed_at`;
  if (recorded!.processed_at) return 'duplicate';

  if (!isAllowedEventType(event.type)) return finish(sql, event.id, 'ignored');
  const object = (event.data as { object?: { id?: unknown } } | undefined)?.object;
  if (typeof object?.id !== 'string' || !OBJECT_ID.test(object.id)) {
    return finish(sql, event.id, 'incomplete');
  }
  let outcome: 'processed' | 'missing' = 'processed';
  for (const handler of handlersFor(event.type, parts)) {
    try {
      await handler({ sql, stripe, event });
    } catch (error) {
      if (!isMissingObject(error)) throw error;
      outcome = 'missing';
    }
  }
  return finish(sql, event.id, outcome);
}

/** Marks the event done with its outcome (the first delivery to finish it wins). */
async function finish<O extends 'processed' | 'ignored' | 'missing' | 'incomplete'>(
  sql: Sql,
  id: string,
  outcome: O,
): Promise<O> {
  await sql`
    update stripe_events set processed_at = now(), outcome = ${outcome}, ignored = ${outcome === 'ignored'}
     where id = ${id} and processed_at is null`;
  return outcome;
}

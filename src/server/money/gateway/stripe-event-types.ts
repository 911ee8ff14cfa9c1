// What a Stripe webhook handler is. The endpoint (src/pages/api/stripe/webhook.ts) verifies the
// raw body's signature with the SDK, records the event id once, checks the type against the
// allow-list and hands the event to the handler for its type. A handler re-reads the object from
// Stripe (never trusts the payload's copy: events arrive late, twice and out of order) and then
// writes what the re-read object says, so any order of events ends in the same state.
import type Stripe from 'stripe';
import type { Sql } from '../../platform/db/client.ts';

export interface WebhookContext {
  sql: Sql;
  /** The SDK client of this deployment, for re-reading the event's object. */
  stripe: Stripe;
  event: Stripe.Event;
}

/**
 * A Stripe object as a handler re-reads it: the SDK's types call fields required that an answer
 * may lack (an older API version, an event of an account's test data), so a handler reads every
 * field but the id as optional and a signed event never becomes a TypeError (a 500).
 */
export type AsRead<T> = Partial<T> & { id: string };

export type WebhookHandler = (context: WebhookContext) => Promise<void>;

/** Handlers by event type; each part of billing exports its own, the endpoint joins them. */
export type WebhookHandlers = Partial<Record<Stripe.Event.Type, WebhookHandler>>;

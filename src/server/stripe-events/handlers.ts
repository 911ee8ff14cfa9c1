// The Stripe events the webhook acts on, and every billing part's handlers joined: for an event,
// the endpoint runs the handler of each part for its type in turn (checkout.session.completed is
// handled by the setup part for mode=setup and the plans part for mode=subscription; each ignores
// what is not its own). A type outside the allow-list is recorded as ignored and runs nothing.
import type Stripe from 'stripe';
import { chargeWebhookHandlers } from './charge-events.ts';
import { invoiceWebhookHandlers } from './invoice-events.ts';
import { planWebhookHandlers } from './plan-events.ts';
import { setupWebhookHandlers } from './setup-events.ts';
import type { WebhookHandler, WebhookHandlers } from '../money/index.ts';

export const WEBHOOK_EVENT_TYPES = [
  'checkout.session.completed',
  'setup_intent.succeeded',
  'payment_method.attached',
  'payment_method.detached',
  'payment_method.updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const satisfies readonly Stripe.Event.Type[];

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const ALLOWED = new Set<string>(WEBHOOK_EVENT_TYPES);

export function isAllowedEventType(type: string): type is WebhookEventType {
  return ALLOWED.has(type);
}

/** Each part's handlers, run in this order. */
export const WEBHOOK_HANDLER_PARTS: readonly WebhookHandlers[] = [
  chargeWebhookHandlers,
  setupWebhookHandlers,
  planWebhookHandlers,
  invoiceWebhookHandlers,
];

/** The handlers of every part for `type`, in the parts' order. */
export function handlersFor(
  type: string,
  parts: readonly WebhookHandlers[] = WEBHOOK_HANDLER_PARTS,
): WebhookHandler[] {
  if (!isAllowedEventType(type)) return [];
  return parts.flatMap((part) => part[type] ?? []);
}

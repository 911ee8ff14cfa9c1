// Stripe webhook handlers of the plans part of billing: every event about a subscription ends in
// the same act, re-reading the subscription from Stripe and recording what it says (its plan,
// status, period, cancel at the period's end), so duplicates and any order of events end in the
// same state. checkout.session.completed is ours only in subscription mode (setup mode belongs
// to payment setup); invoice.paid / invoice.payment_failed re-read the invoice's subscription
// (a failed renewal shows as past_due there).
import type Stripe from 'stripe';
import type { Sql } from '../platform/db/client.ts';
import {
  recordSubscription,
  businessIdOf,
  subscriptionState,
  type AsRead,
  type WebhookContext,
  type WebhookHandlers,
} from '../money/index.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The business a subscription is ours for: named in its metadata and owning its customer. */
export async function businessOf(
  sql: Sql,
  subscription: AsRead<Stripe.Subscription>,
): Promise<string | null> {
  const customer = idOf(subscription.customer);
  const named = businessIdOf(subscription);
  if (!customer || !named || !/^[0-9a-f-]{36}$/i.test(named)) return null;
  const [row] = await sql<{ id: string }[]>`
    select id from businesses where id = ${named} and stripe_customer_id = ${customer}`;
  return row?.id ?? null;
}

/** Re-reads the subscription and records it; one not of our plans or businesses is ignored. */
async function syncStripeSubscription(sql: Sql, stripe: Stripe, subscriptionId: string): Promise<void> {
  const subscription: AsRead<Stripe.Subscription> = await stripe.subscriptions.retrieve(subscriptionId);
  const state = subscriptionState(subscription);
  const businessId = await businessOf(sql, subscription);
  if (!state || !businessId) return;
  await recordSubscription(sql, businessId, state);
}

async function onCheckoutCompleted({ sql, stripe, event }: WebhookContext): Promise<void> {
  const payload = event.data.object as { id: string; mode?: string };
  // A session's mode never changes: one in setup (or payment) mode is another part's.
  if (payload.mode !== 'subscription') return;
  const session = await stripe.checkout.sessions.retrieve(payload.id);
  if (session.mode !== 'subscription') return;
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId) await syncStripeSubscription(sql, stripe, subscriptionId);
}

async function onSubscriptionEvent({ sql, stripe, event }: WebhookContext): Promise<void> {
  await syncStripeSubscription(sql, stripe, (event.data.object as { id: string }).id);
}

async function onInvoiceEvent({ sql, stripe, event }: WebhookContext): Promise<void> {
  const invoice: AsRead<Stripe.Invoice> = await stripe.invoices.retrieve(
    (event.data.object as { id: string }).id,
  );
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (subscriptionId) await syncStripeSubscription(sql, stripe, subscriptionId);
}

export const planWebhookHandlers: WebhookHandlers = {
  'checkout.session.completed': onCheckoutCompleted,
  'customer.subscription.created': onSubscriptionEvent,
  'customer.subscription.updated': onSubscriptionEvent,
  'customer.subscription.deleted': onSubscriptionEvent,
  'invoice.paid': onInvoiceEvent,
  'invoice.payment_failed': onInvoiceEvent,
};

// Stripe's webhooks for payment setup: a card saved through Checkout in setup mode (the same
// recording as the contractor's return, whichever comes first), and a card attached, detached or
// updated later (e.g. through the Customer Portal, or Stripe's card updater). Every handler
// re-reads the object from Stripe and writes what it says now (stripe-setup-record.ts), so
// duplicates and any order end in the same state. The event's own copy is used only to find the
// business of a card that is no longer attached to anyone (a detached card names no customer).
// An object Stripe no longer has is recorded as 'missing' by receive-event.ts, for every part.
import type Stripe from 'stripe';
import {
  businessForCustomer,
  recordSetupIntent,
  recordSetupSession,
  writeCard,
  type WebhookContext,
  type WebhookHandlers,
} from '../money/index.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The card named by a payment_method.* event, re-read, written onto its business. */
async function refreshPaymentMethod({ sql, stripe, event }: WebhookContext): Promise<void> {
  const sent = event.data.object as Stripe.PaymentMethod;
  const method = await stripe.paymentMethods.retrieve(sent.id);
  let customerId = idOf(method.customer);
  if (!customerId) {
    // Detached: the business is the one we recorded it on, else the customer it was detached from.
    const [known] = await sql<{ customerId: string | null }[]>`
      select b.stripe_customer_id as "customerId"
        from payment_methods pm join businesses b on b.id = pm.business_id
       where pm.gateway_payment_method_id = ${method.id}`;
    const previous = event.data.previous_attributes as { customer?: string | null } | undefined;
    customerId = known?.customerId ?? previous?.customer ?? idOf(sent.customer);
  }
  const business = await businessForCustomer(sql, customerId);
  if (business) await writeCard(sql, business, method);
}

export const setupWebhookHandlers: WebhookHandlers = {
  /** Setup mode only: a subscription's Checkout is the plans part's. */
  'checkout.session.completed': async ({ sql, stripe, event }) => {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.mode !== 'setup') return;
    await recordSetupSession(sql, stripe, session.id);
  },

  'setup_intent.succeeded': async ({ sql, stripe, event }) => {
    const sent = event.data.object as Stripe.SetupIntent;
    const intent = await stripe.setupIntents.retrieve(sent.id, { expand: ['payment_method'] });
    const business = await businessForCustomer(sql, idOf(intent.customer), intent.metadata?.['businessId']);
    if (business) await recordSetupIntent(sql, stripe, business, intent);
  },

  'payment_method.attached': refreshPaymentMethod,
  'payment_method.detached': refreshPaymentMethod,
  'payment_method.updated': refreshPaymentMethod,
};

// Payment setup through Stripe Checkout in setup mode (issue 14, item 1): a Customer for the
// business when it has none (one per business even if two starts race: the idempotency key is the
// business's), then a Checkout Session whose hosted page saves a card for off-session charges. The
// session id comes back on the success URL ({CHECKOUT_SESSION_ID}, filled in by Stripe), where
// POST /api/contractor/payment-setup/complete records the card (stripe-setup-record.ts).
import type Stripe from 'stripe';
import type { PaymentGateway, SetupSession, SetupSessionRequest } from './gateway.ts';

/** Stripe replaces this in the success URL with the session's id. */
const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** The success URL with the session id appended (the return URL already has a query). */
function successUrl(returnUrl: string): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}session_id=${SESSION_ID_TEMPLATE}`;
}

export function stripeSetupMethods(stripe: Stripe): Pick<PaymentGateway, 'createSetupSession'> {
  return {
    async createSetupSession(request: SetupSessionRequest): Promise<SetupSession> {
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create(
            { email: request.email, metadata: { businessId: request.businessId } },
            { idempotencyKey: `customer-for-business-${request.businessId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency: 'usd',
        // The API's filter of payment method types (it replaced payment_method_types on create).
        allowed_payment_method_types: ['card'],
        metadata: { businessId: request.businessId },
        setup_intent_data: { metadata: { businessId: request.businessId } },
        success_url: successUrl(request.returnUrl),
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
      return { url: session.url, sessionId: session.id, customerId };
    },
  };
}

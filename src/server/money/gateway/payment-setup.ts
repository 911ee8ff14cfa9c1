// Payment setup (issue 14, item 1): the contractor saves a card on the gateway's hosted page
// (Stripe Checkout in setup mode; the sandbox's local stand-in), never on ours. Starting it gives
// the business a customer at the gateway, which the dashboard reads as 'pending' until the card
// is saved (spec: no id 'required', id but not completed 'pending', completed flag 'completed').
import type { Db } from '../../platform/db/client.ts';
import type { OwnedBusiness } from '../../accounts/index.ts';
import type { PaymentGateway } from './gateway.ts';

/** Where the hosted page sends the contractor back: the dashboard's Payments tab. */
const SETUP_RETURN_PATH = '/dashboard?tab=payment-setup&setup=success';
const SETUP_CANCEL_PATH = '/dashboard?tab=payment-setup&setup=cancelled';

export async function startPaymentSetup(
  sql: Db,
  gateway: PaymentGateway,
  business: Pick<OwnedBusiness, 'id' | 'stripeCustomerId'>,
  email: string,
  origin: string,
): Promise<{ url: string }> {
  const session = await gateway.createSetupSession({
    businessId: business.id,
    customerId: business.stripeCustomerId,
    email,
    returnUrl: new URL(SETUP_RETURN_PATH, origin).toString(),
    cancelUrl: new URL(SETUP_CANCEL_PATH, origin).toString(),
  });
  // The first customer stays the business's (two starts at once keep the one stored first).
  await sql`
    update businesses set stripe_customer_id = ${session.customerId}
     where id = ${business.id} and stripe_customer_id is null`;
  return { url: session.url };
}

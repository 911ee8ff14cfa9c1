// The return from Stripe's hosted setup page: the Checkout Session id Stripe put on the success
// URL (?session_id=), which the Payments tab posts to /api/contractor/payment-setup/complete.
import * as z from 'zod/mini';

export const ZCompletePaymentSetup = z.object({
  sessionId: z.string().check(z.maxLength(255), z.regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Invalid session id')),
});

// POST /api/contractor/payment-setup/complete { sessionId }: the contractor is back from Stripe's
// hosted setup page. The session is re-read from Stripe and its card recorded only if it is a
// setup of the caller's own ACTIVE business (another business's, or an unknown id: 404, nothing
// changes). Answers { status } by the spec's rule. With the sandbox gateway the stand-in page has
// already recorded the card, so there is nothing to complete here: 404.
import { ZCompletePaymentSetup } from '~/schemas/payment-setup';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { stripeClient, completePaymentSetup, SETUP_SESSION_NOT_FOUND } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZCompletePaymentSetup }, async ({ user, body }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const stripe = stripeClient();
  if (!stripe) throw new AppError('NOT_FOUND', SETUP_SESSION_NOT_FOUND);
  return Response.json(await completePaymentSetup(db(), stripe, business.id, body.sessionId));
});

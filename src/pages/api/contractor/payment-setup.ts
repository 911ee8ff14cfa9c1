// POST /api/contractor/payment-setup: starts saving a card for the caller's own ACTIVE business
// on the gateway's hosted page (no body; no business id is taken from the request) and answers
// { url } to send the browser to. The business gets a gateway customer now ('pending').
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { paymentGateway, startPaymentSetup } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'contractor', keyed: false }, async ({ user, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const origin = context.locals.site.origin;
  return Response.json(await startPaymentSetup(db(), paymentGateway(db()), business, user.email, origin));
});

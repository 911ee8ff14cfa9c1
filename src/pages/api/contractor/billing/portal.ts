// POST /api/contractor/billing/portal: a Customer Portal session for the caller's own business
// (Manage Payments opens { url } in a new tab; spec: customer-portal). No id is read from the request.
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { paymentGateway, openPortal } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'contractor', keyed: false }, async ({ user, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await openPortal(paymentGateway(db()), business, context.locals.site.origin));
});

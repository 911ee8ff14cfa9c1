// POST /api/contractor/billing/portal: a Customer Portal session for the caller's own business
// (Manage Payments opens { url } in a new tab; spec: customer-portal). No id is read from the request.
import { requireActiveBusiness } from '~/server/accounts/contractor/owned-business';
import { db } from '~/server/platform/db/client';
import { paymentGateway } from '~/server/money/gateway/index';
import { openPortal } from '~/server/money/plans/manage-plan';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'contractor', keyed: false }, async ({ user, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await openPortal(paymentGateway(db()), business, context.locals.site.origin));
});

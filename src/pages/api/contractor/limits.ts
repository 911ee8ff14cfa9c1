// GET /api/contractor/limits: the caller's lead limits (monthly spend cap in dollars, weekly lead
// cap, pause) with this week's leads and this month's spend. PUT with the ZSpendLimits body saves
// them for the caller's own business (no business id is taken from the request) and answers the
// same as GET.
import { ZSpendLimits } from '~/schemas/spend-limits';
import { requireActiveBusiness, getSpendLimits, updateSpendLimits } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await getSpendLimits(db(), business.id));
});

export const PUT = route({ auth: 'contractor', body: ZSpendLimits }, async ({ user, body }) => {
  const business = await requireActiveBusiness(db(), user.id);
  await updateSpendLimits(db(), business.id, body);
  return Response.json(await getSpendLimits(db(), business.id));
});

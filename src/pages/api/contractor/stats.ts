// GET /api/contractor/stats: the dashboard's stats cards for the caller's business.
import { requireActiveBusiness } from '~/server/accounts';
import { dashboardStats } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await dashboardStats(db(), business.id));
});

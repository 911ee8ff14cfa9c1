// GET /api/contractor/analytics?days=30: the caller's own business's daily analytics, one value
// per day and metric (no business id is taken from the request).
import { ZAnalyticsQuery } from '~/schemas/analytics';
import { businessAnalytics } from '~/server/site';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor', query: ZAnalyticsQuery }, async ({ user, query }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await businessAnalytics(db(), business.id, query.days));
});

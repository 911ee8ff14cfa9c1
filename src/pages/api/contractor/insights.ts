// GET /api/contractor/insights: the caller's own business's popular services (top 5, last 30
// days) and recent activity (the last 10 things that happened), for the dashboard's Analytics tab.
import { ANALYTICS_DEFAULT_DAYS } from '~/domain/analytics-rules';
import type { DashboardInsights } from '~/schemas/analytics';
import { requireActiveBusiness } from '~/server/accounts';
import { popularServices, recentActivity } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const answer: DashboardInsights = {
    windowDays: ANALYTICS_DEFAULT_DAYS,
    popularServices: await popularServices(db(), business.id, ANALYTICS_DEFAULT_DAYS),
    recentActivity: await recentActivity(db(), business.id),
  };
  return Response.json(answer);
});

// GET /api/contractor/billing/summary: the billing page's cards, banners, plan, cards on file and
// monthly figures for the caller's business (no business id is ever read from the request).
import { billingSummary } from '~/server/money';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await billingSummary(db(), business.id), {
    headers: { 'cache-control': 'private, no-store' },
  });
});

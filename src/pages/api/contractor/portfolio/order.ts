// PUT /api/contractor/portfolio/order {ids}: the caller's portfolio in the given order, every
// item once ({items}); any other list is 400 and changes nothing.
import { ZPortfolioOrder } from '~/schemas/portfolio';
import { requireActiveOwner } from '~/server/accounts';
import { reorderPortfolio } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const PUT = route({ auth: 'contractor', body: ZPortfolioOrder }, async ({ user, body }) => {
  const owner = await requireActiveOwner(db(), user.id);
  const items = await reorderPortfolio(db(), owner, body.ids);
  schedulePublish(user.id);
  return Response.json({ items });
});

// GET /api/admin/content/reviews?show=all|hidden|visible&q=&cursor=: every review, newest first,
// 25 a page.
import { ZReviewListQuery } from '~/schemas/admin-content';
import { listReviews } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZReviewListQuery }, async ({ query }) =>
  Response.json(await listReviews(db(), query)),
);

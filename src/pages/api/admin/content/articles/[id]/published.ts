// POST /api/admin/content/articles/:id/published {published}: publishes or unpublishes an
// article (audited; publish requested).
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { ZArticlePublished } from '~/schemas/admin-content';
import { setArticlePublished } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZArticlePublished }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const article = await db().begin((tx) => setArticlePublished(tx, { id: user.id }, id, body.published));
  return Response.json({ article });
});

// GET /api/admin/content/articles/:id: one article to edit. POST saves it (the body sanitised
// and sealed; audited; a published article's change requests a publish).
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { ZArticleInput } from '~/schemas/admin-content';
import { getArticle, updateArticle } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin' }, async ({ context }) => {
  const id = z.parse(ZRecordId, context.params.id);
  return Response.json({ article: await getArticle(db(), id) });
});

export const POST = route({ auth: 'admin', body: ZArticleInput }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  return Response.json({ article: await updateArticle(db(), { id: user.id }, id, body) });
});

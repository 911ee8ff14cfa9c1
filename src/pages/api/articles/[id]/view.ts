// View beacon for article pages: POST with no body (or a text/plain one, never read) adds 1 to
// the article's view count, once per client and day. 204 counted or already counted today, 400
// bad id, 404 no published article with that id.
import { z } from 'zod';
import { ZArticleId } from '~/domain/article-id';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { recordArticleView } from '~/server/site';

export const prerender = false;

export const POST = route({ auth: 'none' }, async ({ context }) => {
  const id = z.parse(ZArticleId, context.params.id);
  const view = await recordArticleView(db(), id.toLowerCase(), requestMeta(context).ip);
  if (!view.found) throw new AppError('NOT_FOUND', 'Article not found');
  return new Response(null, { status: 204 });
});

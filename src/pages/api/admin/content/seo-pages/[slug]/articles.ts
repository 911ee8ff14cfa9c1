// POST /api/admin/content/seo-pages/:slug/articles {articleIds}: the page's related articles, in
// the order it shows them (at most six, published ones; audited, publish requested). Answers the
// chosen articles and the ones to choose from.
import * as z from 'zod/mini';
import { ZSeoPageArticles, ZSeoSlug } from '~/schemas/admin-content';
import { setSeoPageArticles } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZSeoPageArticles }, async ({ context, user, body }) => {
  const slug = z.parse(ZSeoSlug, context.params.slug);
  const related = await db().begin((tx) => setSeoPageArticles(tx, { id: user.id }, slug, body.articleIds));
  return Response.json({ related });
});

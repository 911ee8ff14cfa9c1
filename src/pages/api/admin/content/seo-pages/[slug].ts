// GET /api/admin/content/seo-pages/:slug: one page's copy, and its related articles with the ones
// to choose from. POST with the edited copy saves it (audited with the changed fields before and
// after; publish requested).
import * as z from 'zod/mini';
import { ZSeoPageEdit, ZSeoSlug } from '~/schemas/admin-content';
import { getSeoPage, updateSeoPage, seoPageArticles } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin' }, async ({ context }) => {
  const slug = z.parse(ZSeoSlug, context.params.slug);
  return Response.json({ page: await getSeoPage(db(), slug), related: await seoPageArticles(db(), slug) });
});

export const POST = route({ auth: 'admin', body: ZSeoPageEdit }, async ({ context, user, body }) => {
  const slug = z.parse(ZSeoSlug, context.params.slug);
  const page = await db().begin((tx) => updateSeoPage(tx, { id: user.id }, slug, body));
  return Response.json({ page });
});

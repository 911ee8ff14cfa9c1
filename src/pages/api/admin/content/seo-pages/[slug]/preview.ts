// POST /api/admin/content/seo-pages/:slug/preview with the edited copy (and, optionally, the related
// articles as chosen): the page's main content as the public page would be built with it now.
// Saves nothing.
import * as z from 'zod/mini';
import { ZSeoPagePreview, ZSeoSlug } from '~/schemas/admin-content';
import { previewSeoPage } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZSeoPagePreview }, async ({ context, body }) => {
  const slug = z.parse(ZSeoSlug, context.params.slug);
  return Response.json({ preview: await previewSeoPage(db(), slug, body) });
});

// View beacon for the city-service (SEO) pages: POST with no body (or a text/plain one, never
// read) adds 1 to the page's view count, once per client and day. 204 counted or already counted
// today, 400 not a page's slug, 404 no such page.
import { z } from 'zod';
import { SEO_PAGE_NOT_FOUND, ZSeoPageSlug } from '~/schemas/seo-page-view';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { recordSeoPageView } from '~/server/site';

export const prerender = false;

export const POST = route({ auth: 'none' }, async ({ context }) => {
  const slug = z.parse(ZSeoPageSlug, context.params.slug);
  const view = await recordSeoPageView(db(), slug, requestMeta(context).ip);
  if (!view.found) throw new AppError('NOT_FOUND', SEO_PAGE_NOT_FOUND);
  return new Response(null, { status: 204 });
});

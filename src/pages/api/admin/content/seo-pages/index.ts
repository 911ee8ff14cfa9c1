// GET /api/admin/content/seo-pages?q=&cursor=: the SEO pages by slug, 25 a page.
import { ZSeoPageListQuery } from '~/schemas/admin-content';
import { listSeoPages } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZSeoPageListQuery }, async ({ query }) =>
  Response.json(await listSeoPages(db(), query)),
);

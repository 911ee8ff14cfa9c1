// GET /api/admin/content/articles?cursor=: every article, drafts too, most recently changed
// first, 25 a page. POST creates a draft (the body sanitised and sealed; audited).
import { ZArticleInput, ZArticleListQuery } from '~/schemas/admin-content';
import { createArticle, listArticles } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZArticleListQuery }, async ({ query }) =>
  Response.json(await listArticles(db(), query)),
);

export const POST = route({ auth: 'admin', body: ZArticleInput }, async ({ user, body }) =>
  Response.json({ article: await createArticle(db(), { id: user.id }, body) }, { status: 201 }),
);

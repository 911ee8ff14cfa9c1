// View beacon for article pages: POST with no body (or a text/plain one) adds 1 to the
// article's view count. 204 counted, 400 bad id, 404 no published article with that id.
import type { APIRoute } from 'astro';
import { ZArticleId } from '~/domain/article-id';
import { db } from '~/server/db/client';
import { recordArticleView } from '~/server/site/article-views';

export const prerender = false;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });

export const POST: APIRoute = async ({ params }) => {
  const id = ZArticleId.safeParse(params.id);
  if (!id.success) return json(400, { error: id.error.issues[0]?.message ?? 'Invalid article id' });
  try {
    const counted = await recordArticleView(db(), id.data.toLowerCase());
    if (!counted) return json(404, { error: 'Article not found' });
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    const requestId = crypto.randomUUID();
    console.error(`article view failed [${requestId}]`, error);
    return json(500, { error: 'Something went wrong', requestId });
  }
};

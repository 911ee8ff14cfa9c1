// Articles' bodies are rendered and sanitised once, when written, and stored with a seal
// (migration 1000): SHA-256 over ARTICLE_BODY_VERSION, the content and the HTML. The build uses
// a stored body only while its seal matches; any other article is sanitised by the build, which
// loads the sanitiser (and its DOM) only then.
// The seal tells a current body from a stale one (content changed by a SQL console or an older
// app, a body edited by hand, a new sanitiser); it is not a signature. Whoever can write the
// database directly is trusted with every page already (prices, reviews, roles); the Data API
// roles of a Supabase host cannot write it (migration 1100).
import type { Db } from '../../platform/db/client.ts';

/** Bump when the rendering, the TRUSTED profile or the sanitiser changes; every stored body is
 * then redone. tests/unit/article-body-version.test.ts fails until it is bumped. */
export const ARTICLE_BODY_VERSION = 'article-body-1';

/** The stored body while its seal matches, otherwise null (unsealed or stale), for a query over
 * `articles`: what the build reads, and what sealArticleBodies looks for. */
export function sealedBodyHtml(sql: Db) {
  return sql`case when body_seal = article_body_seal(${ARTICLE_BODY_VERSION}, content, body_html)
                  then body_html end`;
}

/** The body HTML to show: the sealed one when there is one ('' stored = nothing to show),
 * otherwise rendered and sanitised now. Null means 'Content could not be loaded properly.' */
export async function articleBody(article: {
  content: unknown;
  bodyHtml: string | null;
}): Promise<string | null> {
  if (article.bodyHtml !== null) return article.bodyHtml || null;
  const { articleBodyHtml } = await import('./article-body.ts');
  return articleBodyHtml(article.content);
}

/** Renders, sanitises and seals the body of every article whose seal is missing or stale (new,
 * changed content, a new ARTICLE_BODY_VERSION), drafts included. '' is stored for a body that
 * cannot be shown. An article whose content changes meanwhile is left for the next run. Loads
 * the sanitiser only when there is something to seal. Returns how many were sealed. */
export async function sealArticleBodies(sql: Db): Promise<number> {
  const stale = await sql<{ id: string; content: unknown; contentText: string }[]>`
    select id, content, content::text as "contentText" from articles
    where ${sealedBodyHtml(sql)} is null`;
  if (stale.length === 0) return 0;
  const { articleBodyHtml } = await import('./article-body.ts');
  let sealed = 0;
  for (const article of stale) {
    const html = articleBodyHtml(article.content) ?? '';
    const done = await sql`
      update articles
      set body_html = ${html}, body_seal = article_body_seal(${ARTICLE_BODY_VERSION}, content, ${html})
      where id = ${article.id} and content::text = ${article.contentText}`;
    sealed += done.count;
  }
  return sealed;
}

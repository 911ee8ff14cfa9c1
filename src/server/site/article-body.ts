// The article body the page shows: rendered content, sanitised with the TRUSTED profile, with
// any h1 demoted to h2 (the title is the page's only h1). Null means 'Content could not be
// loaded properly.': the content was unreadable or nothing survived sanitising.
// Bodies are prepared when articles are written (sealArticleBodies, see migration 1000), so a
// build loads this module, and the DOM it sanitises with, only for an article whose stored body
// is missing or no longer matches its seal (src/server/site/article-body-seal.ts).
import type { Sql, TransactionSql } from '../db/client.ts';
import { sanitizeHtml } from '../content/sanitize-html.ts';
import { renderArticleContent } from './article-content.ts';
import { ARTICLE_BODY_VERSION } from './article-body-seal.ts';

export function articleBodyHtml(content: unknown): string | null {
  const rendered = renderArticleContent(content);
  if (rendered === null) return null;
  const safe = sanitizeHtml(rendered, 'trusted').trim();
  // Sanitised output is well-formed, and a '<' in text is escaped, so this only meets tags.
  return safe ? safe.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2') : null;
}

/** Renders, sanitises and seals the body of every article whose seal is missing or stale
 * (new, changed content, a new ARTICLE_BODY_VERSION). '' is stored for a body that cannot be
 * shown. An article whose content changes meanwhile is left for the next run. Returns how
 * many were sealed. */
export async function sealArticleBodies(sql: Sql | TransactionSql): Promise<number> {
  const stale = await sql<{ id: string; content: unknown; contentText: string }[]>`
    select id, content, content::text as "contentText" from articles
    where body_html is null or body_seal is distinct from article_body_seal(${ARTICLE_BODY_VERSION}, content, body_html)`;
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

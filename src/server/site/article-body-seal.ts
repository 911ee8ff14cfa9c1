// Articles' bodies are rendered and sanitised when written and stored with a seal (migration
// 1000). The build uses a stored body only while its seal matches; any other article is
// rendered and sanitised here, loading the sanitiser (and its DOM) only then.

/** Bump when the TRUSTED profile or the content rendering changes: every stored body is redone. */
export const ARTICLE_BODY_VERSION = 'article-body-1';

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

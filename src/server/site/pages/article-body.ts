// The article body the page shows: rendered content, sanitised with the TRUSTED profile, with
// any h1 demoted to h2 (the title is the page's only h1). Null means 'Content could not be
// loaded properly.': the content was unreadable or nothing survived sanitising.
// Loads the sanitiser and its DOM (jsdom): imported only when an article has to be sanitised
// (see article-body-seal.ts).
import { sanitizeHtml } from '../../platform/content/sanitize-html.ts';
import { renderArticleContent } from './article-content.ts';

export function articleBodyHtml(content: unknown): string | null {
  const rendered = renderArticleContent(content);
  if (rendered === null) return null;
  const safe = sanitizeHtml(rendered, 'trusted').trim();
  // Sanitised output is well-formed, and a '<' in text is escaped, so this only meets tags.
  return safe ? safe.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2') : null;
}

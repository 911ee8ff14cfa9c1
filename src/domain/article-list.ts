// What /articles shows: up to 50 published articles, newest first, or the empty state with
// links to the four main trades.
export const ARTICLE_LIST_LIMIT = 50;

export const EMPTY_STATE_SERVICES = [
  { slug: 'plumbing', name: 'Plumbing' },
  { slug: 'hvac', name: 'HVAC' },
  { slug: 'roofing', name: 'Roofing' },
  { slug: 'electrical', name: 'Electrical' },
] as const;

/** What a list card shows. */
export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  coverImageUrl: string | null;
  publishedAt: Date;
}

export type ArticleListView<T> = { kind: 'empty' } | { kind: 'list'; articles: T[] };

/** The newest published articles first, at most ARTICLE_LIST_LIMIT of them. */
export function articleListView<T extends Pick<ArticleSummary, 'publishedAt'>>(
  published: readonly T[],
): ArticleListView<T> {
  if (published.length === 0) return { kind: 'empty' };
  const newestFirst = [...published].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  return { kind: 'list', articles: newestFirst.slice(0, ARTICLE_LIST_LIMIT) };
}

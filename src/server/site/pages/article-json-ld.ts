// schema.org Article data for an article page: headline, dates, description, image, and the
// site as author and publisher.
import type { SiteArticle } from './site-data.ts';

const PUBLISHER_NAME = 'Dayton Contractors';

/** What the page's meta description and the JSON-LD description say. */
export function articleDescription(article: Pick<SiteArticle, 'metaDescription' | 'excerpt'>): string {
  return article.metaDescription ?? article.excerpt;
}

export function articleJsonLd(article: SiteArticle, site: URL | string): Record<string, unknown> {
  const url = new URL(`/articles/${article.slug}`, site).href;
  const organization = { '@type': 'Organization', name: PUBLISHER_NAME, url: new URL('/', site).href };
  // An article edited before its publication date still reads as modified no earlier than published.
  const modified = article.updatedAt > article.publishedAt ? article.updatedAt : article.publishedAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: articleDescription(article),
    datePublished: article.publishedAt.toISOString(),
    dateModified: modified.toISOString(),
    ...(article.coverImageUrl ? { image: [new URL(article.coverImageUrl, site).href] } : {}),
    articleSection: article.category,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    author: organization,
    publisher: organization,
  };
}

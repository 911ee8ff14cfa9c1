// The admin content page (/admin/content): its tabs, list sizes, the length caps of what an admin
// writes (SEO titles and descriptions as the city-service pages keep them: tests/unit/
// city-service-page.test.ts), and its messages.

export const CONTENT_TABS = [
  { slug: 'reviews', label: 'Reviews' },
  { slug: 'seo-pages', label: 'SEO pages' },
  { slug: 'articles', label: 'Articles' },
] as const;
export type ContentTab = (typeof CONTENT_TABS)[number]['slug'];

/** The tab a `?tab=` value names; the first (reviews) for anything else. */
export function contentTab(value: string | null | undefined): ContentTab {
  return CONTENT_TABS.find((t) => t.slug === value)?.slug ?? 'reviews';
}

export const CONTENT_PAGE_SIZE = 25;

/** Why a review is hidden (kept with it and in the audit log). */
export const HIDE_REASON_MAX = 1000;

/** Where a review stands: public, hidden by an admin, held for moderation, or withdrawn because
 * its lead was refunded (reviews.hidden_kind; src/domain/review-rules.ts). */
export type ReviewStatus = 'public' | 'hidden' | 'moderation' | 'withdrawn';

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  public: 'Shown',
  hidden: 'Hidden',
  moderation: 'Awaiting moderation',
  withdrawn: 'Withdrawn',
};

/** The reviews tab's filter: every review, or those of one status. */
export const REVIEW_FILTERS = ['all', 'visible', 'hidden', 'moderation', 'withdrawn'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const SEO_LIMITS = {
  /** A title tag search engines show whole. */
  title: 70,
  /** A meta description search engines show whole. */
  metaDescription: 160,
  h1: 120,
  intro: 1000,
  /** Each of Service Overview, Local Insights and Pricing Guide. */
  section: 3000,
  faqEntries: 20,
  question: 200,
  answer: 1000,
  /** Related articles a city-service page shows (the admin's choice first, in its order). */
  relatedArticles: 6,
} as const;

export const ARTICLE_LIMITS = {
  title: 120,
  slug: 100,
  excerpt: 300,
  category: 60,
  metaTitle: 70,
  metaDescription: 160,
  /** The body, Markdown (HTML passes through; both go through the TRUSTED sanitiser). */
  body: 50_000,
} as const;

export const CONTENT_MESSAGES = {
  reviewNotFound: 'Review not found',
  seoPageNotFound: 'SEO page not found',
  articleNotFound: 'Article not found',
  reasonRequired: 'Please give a reason.',
  reviewWithdrawn: 'This review was withdrawn because its lead was refunded; it cannot be shown or hidden.',
  awaitsModeration: 'This review awaits moderation: approve it or hide it.',
  notAwaitingModeration: 'Only a review awaiting moderation can be approved.',
  noReviews: 'No reviews match.',
  noSeoPages: 'No SEO pages match your search.',
  noArticles: 'No articles yet.',
  slugTaken: 'Another article already uses this slug.',
  slugFormat: 'Use lowercase letters, digits and single hyphens (e.g. fixing-a-leaky-faucet).',
  titleRequired: 'Enter a title',
  categoryRequired: 'Enter a category',
  bodyRequired: 'Write the article body',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  faqIncomplete: 'Each question needs an answer, and each answer a question.',
  faqTooMany: `At most ${SEO_LIMITS.faqEntries} questions.`,
  coverRequired: 'Save the article before adding a cover image.',
  relatedTooMany: `Choose at most ${SEO_LIMITS.relatedArticles} related articles.`,
  relatedTwice: 'Each article can be chosen once.',
  relatedNotPublished: 'Only published articles can be chosen as related articles.',
} as const;

/** The audit actions of the content page, with the words the activity log shows. */
export const CONTENT_AUDIT_ACTIONS: Record<string, string> = {
  'review.hide': 'Review hidden',
  'review.show': 'Review shown',
  'review.approve': 'Review approved',
  'seo_page.update': 'SEO page edited',
  'seo_page.articles': 'SEO page related articles chosen',
  'article.create': 'Article created',
  'article.update': 'Article edited',
  'article.publish': 'Article published',
  'article.unpublish': 'Article unpublished',
  'article.cover': 'Article cover image changed',
};

// The admin content page's requests and answers (reviews, SEO pages, articles), shared by the
// endpoints and the islands. Plain-text fields go through the spec's text sanitiser (angle
// brackets, script URLs and event handlers removed) in the schema, so the island shows what the
// server will keep; an article's body is Markdown or HTML, rendered and sanitised with the
// TRUSTED profile by the build and when sealed (src/server/admin/content-articles.ts).
import * as z from 'zod/mini';
import { ZCursor } from './cursor.ts';
import {
  ARTICLE_LIMITS,
  CONTENT_MESSAGES as M,
  HIDE_REASON_MAX,
  REVIEW_FILTERS,
  SEO_LIMITS,
  type ReviewStatus,
} from '../domain/content-rules.ts';
import { sanitizeText } from '../domain/sanitize-text.ts';

const cursor = ZCursor;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Optional plain text: at most `max` characters, sanitised; empty is null (the page's own
 * generated text is shown instead). */
function optionalText(max: number, label: string) {
  return z.pipe(
    z.nullish(z.string().check(z.maxLength(max, M.tooLong(label, max)), z.trim())),
    z.transform((s: string | null | undefined) => {
      const clean = s ? sanitizeText(s, max) : '';
      return clean === '' ? null : clean;
    }),
  );
}

/** Required plain text: 1..max characters, sanitised, still not empty once sanitised. */
function requiredText(max: number, label: string, missing: string) {
  return z.pipe(
    z
      .string({ error: missing })
      .check(z.maxLength(max, M.tooLong(label, max)), z.trim(), z.minLength(1, missing)),
    z.pipe(
      z.transform((s: string) => sanitizeText(s, max)),
      z.string().check(z.minLength(1, missing)),
    ),
  );
}

// Reviews

export const ZReviewListQuery = z.object({
  /** all (default), visible, hidden (by an admin), moderation (awaiting it) or withdrawn. */
  show: z.optional(z.enum(REVIEW_FILTERS)),
  /** Part of the business's name or the author's. */
  q: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor,
});
export type TReviewListQuery = z.infer<typeof ZReviewListQuery>;

export const ZReviewVisibility = z.object({
  hidden: z.boolean(),
  /** Required to hide; ignored when showing. */
  reason: z.optional(
    z.string().check(z.maxLength(HIDE_REASON_MAX, M.tooLong('The reason', HIDE_REASON_MAX)), z.trim()),
  ),
});
export type TReviewVisibility = z.infer<typeof ZReviewVisibility>;

/** Approving a review that awaits moderation: nothing to send but the review's id in the path. */
export const ZReviewApproval = z.strictObject({});

export interface AdminReview {
  id: string;
  businessId: string;
  businessName: string;
  businessSlug: string;
  rating: number;
  authorName: string;
  title: string | null;
  content: string;
  verified: boolean;
  createdAt: string;
  /** Not public: hidden by an admin, awaiting moderation or withdrawn (status says which). */
  hidden: boolean;
  status: ReviewStatus;
  hiddenAt: string | null;
  hiddenReason: string | null;
  /** Why it was held for moderation: the details the reviewer shares with the business. */
  signals: { kind: string; detail: string }[];
}

export interface AdminReviewPage {
  reviews: AdminReview[];
  nextCursor: string | null;
}

// SEO pages

/** A city-service page's slug (/{service}-{city}-ohio without the slash). */
export const ZSeoSlug = z
  .string()
  .check(z.maxLength(120), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Invalid page'));

export const ZSeoPageListQuery = z.object({
  /** Part of the slug, the service's name or the city's. */
  q: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor,
});

const ZFaqEntry = z.object({
  question: z.pipe(
    z
      .string()
      .check(z.maxLength(SEO_LIMITS.question, M.tooLong('A question', SEO_LIMITS.question)), z.trim()),
    z.transform((s: string) => sanitizeText(s, SEO_LIMITS.question)),
  ),
  answer: z.pipe(
    z.string().check(z.maxLength(SEO_LIMITS.answer, M.tooLong('An answer', SEO_LIMITS.answer)), z.trim()),
    z.transform((s: string) => sanitizeText(s, SEO_LIMITS.answer)),
  ),
});

/** An SEO page's copy. Empty fields (and an empty FAQ) fall back to the generated page's own. */
export const ZSeoPageEdit = z.object({
  titleTag: optionalText(SEO_LIMITS.title, 'The title'),
  metaDescription: optionalText(SEO_LIMITS.metaDescription, 'The meta description'),
  h1Heading: optionalText(SEO_LIMITS.h1, 'The H1'),
  introContent: optionalText(SEO_LIMITS.intro, 'The intro'),
  serviceOverview: optionalText(SEO_LIMITS.section, 'Service Overview'),
  localInsights: optionalText(SEO_LIMITS.section, 'Local Insights'),
  pricingGuide: optionalText(SEO_LIMITS.section, 'Pricing Guide'),
  faqContent: z
    .pipe(
      z.array(ZFaqEntry).check(z.maxLength(SEO_LIMITS.faqEntries, M.faqTooMany)),
      // Blank rows are dropped; a row with only one half is refused.
      z.transform((rows) => rows.filter((r) => r.question !== '' || r.answer !== '')),
    )
    .check(z.refine((rows) => rows.every((r) => r.question !== '' && r.answer !== ''), M.faqIncomplete)),
});
export type TSeoPageEdit = z.infer<typeof ZSeoPageEdit>;

/** The articles an admin relates to a page, in the order the page shows them. */
const ZRelatedArticleIds = z.array(z.uuid(M.relatedNotPublished), { error: M.relatedTooMany }).check(
  z.maxLength(SEO_LIMITS.relatedArticles, M.relatedTooMany),
  z.refine((ids) => new Set(ids).size === ids.length, M.relatedTwice),
);

export const ZSeoPageArticles = z.object({ articleIds: ZRelatedArticleIds });

/** A preview: the edited copy and, optionally, the related articles as chosen but not saved. */
export const ZSeoPagePreview = z.extend(ZSeoPageEdit, { articleIds: z.optional(ZRelatedArticleIds) });
export type TSeoPagePreview = z.infer<typeof ZSeoPagePreview>;

/** An article as the related-articles picker lists it. */
export interface AdminRelatedArticle {
  id: string;
  title: string;
  slug: string;
  category: string;
  status: 'draft' | 'published' | 'archived';
}

/** A page's chosen related articles (in order) and the published articles to choose from. */
export interface SeoPageArticles {
  chosen: AdminRelatedArticle[];
  choices: AdminRelatedArticle[];
  limit: number;
}

export interface FaqPair {
  question: string;
  answer: string;
}

/** A generated city-service page and its override (id null: none yet, all generated). */
export interface AdminSeoPageSummary {
  id: string | null;
  slug: string;
  service: string;
  city: string;
  titleTag: string | null;
  h1Heading: string | null;
  updatedAt: string | null;
}

export interface AdminSeoPageSummaryPage {
  pages: AdminSeoPageSummary[];
  nextCursor: string | null;
}

export interface AdminSeoPage extends AdminSeoPageSummary {
  metaDescription: string | null;
  introContent: string | null;
  serviceOverview: string | null;
  localInsights: string | null;
  pricingGuide: string | null;
  faqContent: FaqPair[];
}

/** The page's main content as the public page would show it with the edited copy. */
export interface SeoPagePreview {
  path: string;
  title: string;
  description: string;
  h1: string;
  intro: string;
  overview: string[];
  localInsights: string[];
  pricing: string[];
  faq: FaqPair[];
  /** The related articles the page shows, in order. */
  articles: { title: string; slug: string }[];
}

// Articles

export const ZArticleInput = z.object({
  title: requiredText(ARTICLE_LIMITS.title, 'The title', M.titleRequired),
  slug: z
    .string()
    .check(
      z.maxLength(ARTICLE_LIMITS.slug, M.tooLong('The slug', ARTICLE_LIMITS.slug)),
      z.trim(),
      z.regex(SLUG, M.slugFormat),
    ),
  excerpt: optionalText(ARTICLE_LIMITS.excerpt, 'The excerpt'),
  category: requiredText(ARTICLE_LIMITS.category, 'The category', M.categoryRequired),
  metaTitle: optionalText(ARTICLE_LIMITS.metaTitle, 'The meta title'),
  metaDescription: optionalText(ARTICLE_LIMITS.metaDescription, 'The meta description'),
  body: z
    .string({ error: M.bodyRequired })
    .check(
      z.maxLength(ARTICLE_LIMITS.body, M.tooLong('The body', ARTICLE_LIMITS.body)),
      z.trim(),
      z.minLength(1, M.bodyRequired),
    ),
});
export type TArticleInput = z.infer<typeof ZArticleInput>;

export const ZArticlePublished = z.object({ published: z.boolean() });

export const ZArticleListQuery = z.object({ cursor });

export interface AdminArticle {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  category: string;
  metaTitle: string | null;
  metaDescription: string | null;
  /** The body to edit: Markdown, or the rendered HTML of content saved in another shape. */
  body: string;
  coverImageUrl: string | null;
  status: 'draft' | 'published' | 'archived';
  publishedAt: string | null;
  updatedAt: string;
}

export interface AdminArticlePage {
  articles: AdminArticle[];
  nextCursor: string | null;
}

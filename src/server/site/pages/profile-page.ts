// The view of one contractor profile (/contractor/{slug}) from the build's site data: services
// joined to the catalogue, the first photos, the portfolio (in the contractor's order, newest
// first among equals), the newest verified reviews with relative dates, the shown rating, the
// search-engine texts, the JSON-LD and the facts the page words (place, years, the licence check's
// day, the quote e-mail). Pure: no I/O.
import { formatArticleDate } from '../../../domain/article-date.ts';
import { askProHref } from '../../../domain/chosen-pro.ts';
import { businessJsonLd } from '../../../domain/business-jsonld.ts';
import { displayName } from '../../../domain/format.ts';
import {
  PROFILE_PHOTO_LIMIT,
  PROFILE_PORTFOLIO_LIMIT,
  PROFILE_REVIEW_LIMIT,
  profileMeta,
  profileRating,
  type ProfileMeta,
  type ShownRating,
} from '../../../domain/profile-display.ts';
import { relativeTime } from '../../../domain/relative-time.ts';
import { formatPriceRange, responseHours } from './derive.ts';
import type { SiteBusiness, SiteData, SitePortfolioItem, SiteReview } from './site-data.ts';

interface ProfileService {
  slug: string;
  name: string;
  description: string;
  priceRange: string;
}

interface ProfileReview extends SiteReview {
  /** "3 weeks ago", relative to the build. */
  when: string;
}

export interface ProfilePage {
  business: SiteBusiness;
  path: string;
  meta: ProfileMeta;
  rating: ShownRating | null;
  responseHours: number;
  /** "$$", or the average project cost range when the business gave no $-$$$$ range. */
  priceRange: string | null;
  services: ProfileService[];
  photos: string[];
  /** The first portfolio items, and how many there are in all. */
  portfolio: SitePortfolioItem[];
  portfolioCount: number;
  reviews: ProfileReview[];
  jsonLd: Record<string, unknown>;
  /** The main button's link: the wizard asking this contractor, its main service preselected. */
  askHref: string;
  /** The city's name as people read it ("Kettering"). */
  city: string;
  /** "12 Main St, Kettering, OH 45429": the street address (when given), the city, state and ZIP. */
  location: string;
  /** "12 years", "1 year"; null when the business did not say. */
  yearsText: string | null;
  /** The licence check's day as "November 23, 2026"; null without a check. */
  licenceCheckedOn: string | null;
  /** A mailto: link asking for a quote; null without an e-mail address. */
  quoteMail: string | null;
}

function profilePath(b: { slug: string }): string {
  return `/contractor/${b.slug}`;
}

function servicesOf(data: SiteData, b: SiteBusiness): ProfileService[] {
  const bySlug = new Map(data.services.map((s) => [s.slug, s]));
  return (data.businessServices.get(b.id) ?? []).flatMap((bs) => {
    const s = bySlug.get(bs.serviceSlug);
    if (!s) return [];
    return [
      {
        slug: s.slug,
        name: s.name,
        description: bs.description ?? s.description,
        priceRange:
          bs.priceRange ?? `${formatPriceRange(s.priceMinCents, s.priceMaxCents)} per ${s.priceUnit}`,
      },
    ];
  });
}

export function buildProfilePage(data: SiteData, b: SiteBusiness, siteUrl: string | URL): ProfilePage {
  const path = profilePath(b);
  const reviews = (data.recentReviews.get(b.id) ?? []).slice(0, PROFILE_REVIEW_LIMIT);
  const portfolio = data.portfolio.get(b.id) ?? [];
  const priceRange =
    b.priceRange ??
    (b.avgProjectCostMinCents !== null && b.avgProjectCostMaxCents !== null
      ? formatPriceRange(b.avgProjectCostMinCents, b.avgProjectCostMaxCents)
      : null);
  const services = servicesOf(data, b);
  // The main service: the one named like the business's category, else the first it offers.
  const main = services.find((s) => s.name === b.category) ?? services[0] ?? null;
  const city = displayName(b.city);
  const years = b.yearsInBusiness;
  return {
    business: b,
    path,
    askHref: askProHref(b.slug, main?.slug ?? null),
    meta: profileMeta(b),
    rating: profileRating(b),
    responseHours: responseHours(b),
    priceRange,
    services,
    photos: b.images.slice(0, PROFILE_PHOTO_LIMIT),
    portfolio: portfolio.slice(0, PROFILE_PORTFOLIO_LIMIT),
    portfolioCount: portfolio.length,
    reviews: reviews.map((r) => ({ ...r, when: relativeTime(r.createdAt, data.loadedAt) })),
    jsonLd: businessJsonLd(b, reviews, {
      pageUrl: new URL(path, siteUrl).href,
      siteUrl,
      priceRange,
    }),
    city,
    location: [b.address, `${city}, ${b.state}${b.zipCode ? ` ${b.zipCode}` : ''}`]
      .filter(Boolean)
      .join(', '),
    yearsText: years === null ? null : `${years} ${years === 1 ? 'year' : 'years'}`,
    // A calendar day (YYYY-MM-DD), read as midnight UTC and formatted in UTC: the same day anywhere.
    licenceCheckedOn: b.licenceCheck ? formatArticleDate(new Date(b.licenceCheck.checkedOn)) : null,
    quoteMail: b.email ? `mailto:${b.email}?subject=${encodeURIComponent('Quote Request')}` : null,
  };
}

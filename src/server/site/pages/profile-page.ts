// The view of one contractor profile (/contractor/{slug}) from the build's site data: services
// joined to the catalogue, the first photos, the portfolio (in the contractor's order, newest
// first among equals), the newest verified reviews with relative dates, the shown rating, the
// search-engine texts and the JSON-LD. Pure: no I/O.
import { askProHref } from '../../../domain/chosen-pro.ts';
import { businessJsonLd } from '../../../domain/business-jsonld.ts';
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
  };
}

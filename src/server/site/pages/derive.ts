// Pure views over SiteData used by several pages: who serves what and where, in the spec's
// orders, and the site-wide metrics. No I/O: pages call siteData() once, then these.
import { formatPriceRange } from '../../../domain/format.ts';
import { compareTopRated, rankForList } from '../../../domain/ranking.ts';
import { DEFAULT_RESPONSE_HOURS } from '../../../domain/search-constants.ts';
import type { SiteArea, SiteBusiness, SiteData, SiteService } from './site-data.ts';

export { DEFAULT_RESPONSE_HOURS, formatPriceRange };

export function responseHours(b: SiteBusiness): number {
  return b.responseTimeHours ?? DEFAULT_RESPONSE_HOURS;
}

function offersService(b: SiteBusiness, service: SiteService): boolean {
  return b.serviceSlugs.includes(service.slug);
}

export function servesArea(b: SiteBusiness, area: SiteArea): boolean {
  return b.city === area.name || b.serviceAreas.some((zip) => area.zipCodes.includes(zip));
}

/** Verified contractors for a service (service page), in the top-rated order (no place: rating,
 * enough reviews first; src/domain/ranking.ts). */
export function verifiedForService(data: SiteData, service: SiteService): SiteBusiness[] {
  return data.businesses.filter((b) => b.verified && offersService(b, service)).sort(compareTopRated(null));
}

/** Contractors offering a service in an area (city-service page; ranked by src/domain/ranking.ts). */
export function forServiceInArea(data: SiteData, service: SiteService, area: SiteArea): SiteBusiness[] {
  return data.businesses.filter((b) => offersService(b, service) && servesArea(b, area));
}

/** The contractors search for a service in a place: by category and place, never by typed words. */
export function browseHref(service: { slug: string }, place?: { name: string }): string {
  const params = new URLSearchParams({ category: service.slug });
  if (place) params.set('location', place.name);
  return `/contractors?${params.toString()}`;
}

/** The path of a city-service landing page: /{service}-{city}-ohio. */
export function cityServicePath(service: { slug: string }, area: { slug: string }): string {
  return `/${service.slug}-${area.slug}-ohio`;
}

export interface SiteMetrics {
  totalContractors: number;
  averageResponseTime: number;
  totalServiceCategories: number;
  citiesServed: number;
  averageRating: number;
  totalReviews: number;
}

/** Site-wide figures (AI sheet, service areas): verified contractors only. */
export function siteMetrics(data: SiteData): SiteMetrics {
  const verified = data.businesses.filter((b) => b.verified);
  const rated = verified.filter((b) => b.averageRating !== null && b.totalReviews > 0);
  const reviews = rated.reduce((sum, b) => sum + b.totalReviews, 0);
  const weighted = rated.reduce((sum, b) => sum + (b.averageRating ?? 0) * b.totalReviews, 0);
  const response = verified.reduce((sum, b) => sum + responseHours(b), 0);
  return {
    totalContractors: verified.length,
    averageResponseTime: verified.length ? Math.round(response / verified.length) : DEFAULT_RESPONSE_HOURS,
    totalServiceCategories: data.services.length,
    citiesServed: data.areas.length,
    averageRating: reviews ? Math.round((weighted / reviews) * 10) / 10 : 0,
    totalReviews: reviews,
  };
}

/**
 * The home page's contractors, `total` cards in all (the spec's six): the top rated verified
 * contractors by the ranking rule (no place); while too few have enough reviews, newer ones under
 * their own heading (never called top rated); and apart, up to SPONSORED_LIMIT paid placements
 * (issue 25: paid placement is shown apart and labelled, never mixed into a ranked list).
 */
export function homeContractors(
  data: SiteData,
  total = 6,
): { topRated: SiteBusiness[]; newer: SiteBusiness[]; sponsored: SiteBusiness[] } {
  const verified = data.businesses.filter((b) => b.verified);
  const { sponsored } = rankForList(verified, null, total);
  const { topRated, newer } = rankForList(verified, null, total - sponsored.length);
  return { topRated, newer, sponsored };
}

/** Popular services by name (spec: is_popular, by name, limit 8). */
export function popularServices(data: SiteData, limit = 8): SiteService[] {
  return data.services
    .filter((s) => s.isPopular)
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The spec's '4.8+ Average Rating' claim is shown only when our own reviews support it. */
export function ratingClaim(metrics: SiteMetrics): string | null {
  if (metrics.totalReviews === 0) return null;
  return metrics.averageRating >= 4.8 ? '4.8+ Average Rating' : null;
}

// How "Top rated" lists rank contractors, and where paid placement goes (issue 25, "Honest
// ranking"; docs/decisions.md). One rule for every list that says "Top rated": a city-service
// page, a service page. Paid placement ("Featured" plans and the admin's feature switch) never
// moves a contractor up a ranked list: it buys a separate box labelled "Sponsored".
import { distanceMiles, type LatLng } from './geo.ts';
import { formatRating } from './rating.ts';

/** Reviews a contractor needs before its rating ranks it among the top rated. */
export const TOP_RATED_MIN_REVIEWS = 3;
/** Contractors in a "Top rated" list on a page. */
const TOP_RATED_LIMIT = 6;
/** Paid placements shown apart on a page. */
export const SPONSORED_LIMIT = 2;
/** The label every paid placement carries (the FTC asks that paid ranking be told apart). */
export const SPONSORED_LABEL = 'Sponsored';
/** What the label means in the contractor search, next to it. */
export const SPONSORED_IN_SEARCH =
  'Sponsored: these pros pay for this spot. Payment never changes the order of the results.';
/** What the label means, next to it. */
export const SPONSORED_EXPLAINED =
  'Sponsored: these pros pay for this spot. Payment never changes the Top Rated order.';

/** What the ranking reads of a contractor. */
export interface Rankable {
  name: string;
  averageRating: number | null;
  totalReviews: number;
  latitude: number | null;
  longitude: number | null;
}

/** Enough reviews for its rating to rank it. */
export function hasEnoughReviews(b: Pick<Rankable, 'averageRating' | 'totalReviews'>): boolean {
  return b.averageRating !== null && b.totalReviews >= TOP_RATED_MIN_REVIEWS;
}

/** Miles from a place; a business without a point counts as far away (last among equals). */
function milesFrom(b: Rankable, origin: LatLng | null): number {
  if (!origin || b.latitude === null || b.longitude === null) return Number.POSITIVE_INFINITY;
  return distanceMiles(origin, { latitude: b.latitude, longitude: b.longitude });
}

/** Negative when `a` is nearer the place than `b`, 0 when as near. */
function nearer(a: Rankable, b: Rankable, origin: LatLng | null): number {
  const da = milesFrom(a, origin);
  const db = milesFrom(b, origin);
  return da === db ? 0 : da < db ? -1 : 1;
}

/**
 * The top-rated order: contractors with at least TOP_RATED_MIN_REVIEWS reviews first, by their
 * rating as shown (one decimal) highest first, then nearest to the place, then more reviews, then
 * name; then those with fewer reviews, nearest first, then name. Featured plays no part.
 */
export function compareTopRated(origin: LatLng | null) {
  return (a: Rankable, b: Rankable): number => {
    const enoughA = hasEnoughReviews(a);
    const enoughB = hasEnoughReviews(b);
    if (enoughA !== enoughB) return enoughA ? -1 : 1;
    if (enoughA) {
      const byRating = Number(formatRating(b.averageRating!)) - Number(formatRating(a.averageRating!));
      if (byRating) return byRating;
    }
    return nearer(a, b, origin) || b.totalReviews - a.totalReviews || a.name.localeCompare(b.name);
  };
}

/**
 * A list's honest split: `topRated` (enough reviews, best first, at most `limit`), `newer` (the
 * rest of the page's places, fewer reviews, nearest first) and `sponsored` (paid placements among
 * the same contractors, nearest first, then in the top-rated order, at most SPONSORED_LIMIT), shown
 * apart and labelled.
 */
export function rankForList<T extends Rankable & { featured: boolean }>(
  contractors: readonly T[],
  origin: LatLng | null,
  limit = TOP_RATED_LIMIT,
): { topRated: T[]; newer: T[]; sponsored: T[] } {
  const ranked = [...contractors].sort(compareTopRated(origin));
  const topRated = ranked.filter(hasEnoughReviews).slice(0, limit);
  const newer = ranked.filter((b) => !hasEnoughReviews(b)).slice(0, limit - topRated.length);
  const sponsored = contractors
    .filter((b) => b.featured)
    .sort((a, b) => nearer(a, b, origin) || compareTopRated(origin)(a, b))
    .slice(0, SPONSORED_LIMIT);
  return { topRated, newer, sponsored };
}

/** The rule, said under every "Top rated" heading. */
export function topRatedRule(place: string | null): string {
  return (
    `Ranked by rating among pros with at least ${TOP_RATED_MIN_REVIEWS} verified reviews` +
    `${place ? `, then by distance from ${place}` : ''}. Payment plays no part.`
  );
}

/** The heading of the pros listed after the top rated, with fewer reviews. */
export const NEWER_PROS_NOTE = `Fewer than ${TOP_RATED_MIN_REVIEWS} verified reviews so far, nearest first.`;

// Contractor search on Postgres: ACTIVE businesses only; the term matched by full text (with
// a prefix on the last word, for search-as-you-type) or by trigram word similarity (typos:
// "plumer" finds plumbers); filters and sorts of the spec; stable pagination.
import type { ResolvedPlace } from '../../domain/gazetteer.ts';
import { PAGE_SIZE, type TSearchQuery } from '../../schemas/search.ts';
import type { Sql, TransactionSql } from '../db/client.ts';

export const DEFAULT_RESPONSE_HOURS = 24;
const MILES_PER_DEGREE = 69;
const EARTH_RADIUS_MILES = 3958.8;
/** Word similarity a typo must reach to match (pg_trgm's default, 0.6, misses "plumer"). */
export const WORD_SIMILARITY = 0.4;

export interface SearchHit {
  id: string;
  name: string;
  slug: string;
  category: string;
  tagline: string | null;
  city: string;
  state: string;
  verified: boolean;
  featured: boolean;
  averageRating: number | null;
  totalReviews: number;
  yearsInBusiness: number | null;
  responseTimeHours: number | null;
  priceRange: string | null;
  specialties: string[];
  image: string | null;
  phone: string | null;
  distanceMiles: number | null;
}

export interface SearchResult {
  items: SearchHit[];
  total: number;
  page: number;
  pageSize: number;
  location: ResolvedPlace | null;
}

/** "water heat" -> "water & heat:*": every word, the last as a prefix; null when no word. */
export function prefixTsQuery(term: string): string | null {
  const words = term
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

export async function searchBusinesses(
  sql: Sql,
  query: TSearchQuery,
  place: ResolvedPlace | null,
): Promise<SearchResult> {
  const term = query.search.trim().toLowerCase();
  const tsquery = prefixTsQuery(term);
  const point =
    query.lat !== undefined && query.lng !== undefined
      ? { latitude: query.lat, longitude: query.lng }
      : place
        ? { latitude: place.latitude, longitude: place.longitude }
        : null;

  const distance = point
    ? sql`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
        power(sin(radians(b.latitude - ${point.latitude}::float8) / 2), 2) +
        cos(radians(${point.latitude}::float8)) * cos(radians(b.latitude)) *
        power(sin(radians(b.longitude - ${point.longitude}::float8) / 2), 2))))`
    : sql`null::float8`;
  const latSpan = query.distance / MILES_PER_DEGREE;
  const lngSpan = point
    ? query.distance / (MILES_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180))
    : 0;

  const textMatch = term
    ? sql`and (${tsquery ? sql`b.search_vector @@ to_tsquery('english', ${tsquery}) or` : sql``} b.search_text %> ${term})`
    : sql``;
  const rank = term
    ? sql`(${tsquery ? sql`ts_rank_cd(b.search_vector, to_tsquery('english', ${tsquery})) +` : sql``} word_similarity(${term}, b.search_text))`
    : sql`0::float8`;
  const locationFilter = point
    ? sql`and b.latitude between ${point.latitude - latSpan} and ${point.latitude + latSpan}
          and b.longitude between ${point.longitude - lngSpan} and ${point.longitude + lngSpan}
          and ${distance} <= ${query.distance}`
    : query.location
      ? sql`and lower(b.city) = ${query.location.toLowerCase()}`
      : sql``;
  const categoryFilter = query.category
    ? sql`and exists (select 1 from business_services bs join services s on s.id = bs.service_id
                      where bs.business_id = b.id and s.slug = ${query.category})`
    : sql``;
  const order = {
    featured: sql`b.featured desc, b.verified desc, rank desc, b.name`,
    rating: sql`b.average_rating desc nulls last, b.total_reviews desc, b.name`,
    name: sql`b.name`,
    location: point ? sql`distance_miles asc, b.name` : sql`b.city, b.name`,
    experience: sql`b.years_in_business desc nulls last, b.name`,
    response_time: sql`coalesce(b.response_time_hours, ${DEFAULT_RESPONSE_HOURS}) asc, b.name`,
  }[query.sort];
  const offset = (query.page - 1) * PAGE_SIZE;

  return sql.begin(async (tx) => {
    await tx`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`;
    const rows = await tx<(SearchHit & { total: number })[]>`
      select b.id, b.name, b.slug, b.category, b.tagline, b.city, b.state, b.verified, b.featured,
             b.average_rating::float8 as "averageRating", b.total_reviews as "totalReviews",
             b.years_in_business as "yearsInBusiness", b.response_time_hours as "responseTimeHours",
             b.price_range as "priceRange", b.specialties, b.images[1] as image, b.phone,
             ${distance} as "distanceMiles", ${distance} as distance_miles, ${rank} as rank,
             count(*) over ()::int as total
      from businesses b
      where b.status = 'ACTIVE'
        ${textMatch}
        ${locationFilter}
        ${categoryFilter}
        ${query.verified ? sql`and b.verified` : sql``}
        ${query.minExperience > 0 ? sql`and coalesce(b.years_in_business, 0) >= ${query.minExperience}` : sql``}
        and coalesce(b.response_time_hours, ${DEFAULT_RESPONSE_HOURS}) <= ${query.maxResponse}
      order by ${order}, b.id
      limit ${PAGE_SIZE} offset ${offset}`;
    const total = rows[0]?.total ?? (offset > 0 ? await countOnly(tx) : 0);
    return {
      items: rows.map(({ total: _t, ...hit }) => {
        const {
          distance_miles: _d,
          rank: _r,
          ...rest
        } = hit as SearchHit & { distance_miles: unknown; rank: unknown };
        return rest;
      }),
      total,
      page: query.page,
      pageSize: PAGE_SIZE,
      location: place,
    };
  });

  // A page past the end has no rows to carry the total; the count alone answers it.
  async function countOnly(tx: TransactionSql): Promise<number> {
    const [row] = await tx<{ n: number }[]>`
      select count(*)::int as n from businesses b
      where b.status = 'ACTIVE' ${textMatch} ${locationFilter} ${categoryFilter}
        ${query.verified ? sql`and b.verified` : sql``}
        ${query.minExperience > 0 ? sql`and coalesce(b.years_in_business, 0) >= ${query.minExperience}` : sql``}
        and coalesce(b.response_time_hours, ${DEFAULT_RESPONSE_HOURS}) <= ${query.maxResponse}`;
    return row?.n ?? 0;
  }
}

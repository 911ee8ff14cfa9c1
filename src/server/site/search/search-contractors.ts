// The search use-case behind GET /api/search: resolve the location through the gazetteer (or
// the external geocoder when one is configured), check the category, run the search, and record
// search analytics without delaying the answer. The external geocoder is cached and limited per
// client (limited-geocoder.ts); a business's appearance counts once per client, business and UTC
// day, and search_analytics rows are limited per client (the review inflated both at will).
import { addressKey } from '../../../domain/client-address.ts';
import { resolvePlace, type ResolvedPlace } from '../../../domain/gazetteer.ts';
import type { TSearchQuery } from '../../../schemas/search.ts';
import { addToAnalytics } from '../analytics/add-to-analytics.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createGeocoder, LOCATION_NOT_FOUND, type Geocoder } from '../../platform/geo/geocoder.ts';
import { limitedGeocoder } from '../../platform/geo/limited-geocoder.ts';
import { searchBusinesses, type SearchResult } from './search-businesses.ts';
import { searchCatalog } from './search-catalog.ts';
import { inBackground } from '../../platform/background.ts';
import { SEARCH_ANALYTICS_PER_CLIENT, SEARCH_ANALYTICS_WINDOW_MINUTES } from '../site-rules.ts';

export async function searchContractors(
  sql: Sql,
  query: TSearchQuery,
  options: {
    userId?: string | null;
    record?: boolean;
    /** Default: the configured geocoder, cached and limited for this client. */
    geocoder?: Geocoder | null;
    /** The client's address (requestMeta's ip), for the per-client limits and counts. */
    clientIp?: string | null;
  } = {},
): Promise<SearchResult> {
  const catalog = await searchCatalog(sql);
  if (query.category && !catalog.services.some((s) => s.slug === query.category)) {
    throw new AppError('BAD_REQUEST', 'Unknown category', { category: ['Unknown category'] });
  }
  const place =
    query.location && query.lat === undefined
      ? await locate(
          catalog.places,
          query.location,
          options.geocoder === undefined
            ? limitedGeocoder(sql, createGeocoder(), options.clientIp ?? null)
            : options.geocoder,
        )
      : null;
  const result = await searchBusinesses(sql, query, place);
  if (options.record !== false) {
    inBackground(
      recordSearch(sql, query, result, options.userId ?? null, options.clientIp ?? null),
      'search analytics not recorded',
    );
  }
  return result;
}

/**
 * A typed location: a ZIP code or place of our area from the gazetteer; otherwise the external
 * geocoder when configured ('Location not found...' when it knows nothing); otherwise null, and
 * the search filters by city name as the spec's read does.
 */
async function locate(
  places: Parameters<typeof resolvePlace>[0],
  text: string,
  geocoder: Geocoder | null,
): Promise<ResolvedPlace | null> {
  const known = resolvePlace(places, text) ?? coordinates(text);
  if (known || !geocoder) return known;
  const found = await geocoder.forward(text);
  if (!found) throw new AppError('NOT_FOUND', LOCATION_NOT_FOUND, { location: [LOCATION_NOT_FOUND] });
  return { slug: '', name: found.name, latitude: found.latitude, longitude: found.longitude };
}

/** "39.7589, -84.1916": the raw coordinates "Use my location" puts in the box when it has no name. */
function coordinates(text: string): ResolvedPlace | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { slug: '', name: text.trim(), latitude, longitude };
}

/**
 * search_analytics for a non-empty term (at most SEARCH_ANALYTICS_PER_CLIENT a window from one
 * client); SEARCH_APPEARANCES for the businesses shown, each at most once a UTC day per client.
 */
export async function recordSearch(
  sql: Sql,
  query: TSearchQuery,
  result: SearchResult,
  userId: string | null,
  clientIp: string | null,
): Promise<void> {
  // The client's address, not its visitor cookie: a script mints a fresh cookie per request, and
  // the answer is kept by the CDN, so it must not set one.
  const client = clientIp ? addressKey(clientIp) : 'unknown';
  const filters: Record<string, string | number | boolean> = {
    ...(query.location ? { location: query.location } : {}),
    ...(query.category ? { category: query.category } : {}),
    sort: query.sort,
    distance: query.distance,
    minExperience: query.minExperience,
    maxResponse: query.maxResponse,
    verified: query.verified,
    ...(query.priceMin !== undefined ? { priceMin: query.priceMin } : {}),
    ...(query.priceMax !== undefined ? { priceMax: query.priceMax } : {}),
    page: query.page,
  };
  const logged =
    query.search.trim() &&
    (
      await checkRateLimit(
        sql,
        client,
        'search-analytics:ip',
        SEARCH_ANALYTICS_PER_CLIENT,
        SEARCH_ANALYTICS_WINDOW_MINUTES,
      )
    ).allowed;
  if (logged) {
    await sql`
      insert into search_analytics (query, results_count, filters, user_id)
      values (${query.search.trim()}, ${result.total}, ${sql.json(filters)}, ${userId})`;
  }
  // One counter per business and day (analytics_daily_key), not a row per appearance; raised
  // only for the businesses this client had not yet seen today.
  const shown = [...new Set([...result.items, ...result.sponsored].map((b) => b.id))].sort();
  if (!shown.length) return;
  const first = await sql<{ business_id: string }[]>`
    insert into search_appearance_marks (client, business_id, day)
    select ${client}, id, (now() at time zone 'utc')::date from unnest(${shown}::uuid[]) as id order by id
    on conflict do nothing
    returning business_id`;
  await addToAnalytics(
    sql,
    'SEARCH_APPEARANCES',
    first.map((row) => row.business_id),
  );
}

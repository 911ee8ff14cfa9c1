// The search use-case behind GET /api/search: resolve the location through the gazetteer,
// check the category, run the search, and record search analytics without delaying the answer.
import { resolvePlace } from '../../domain/gazetteer.ts';
import type { TSearchQuery } from '../../schemas/search.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { searchBusinesses, type SearchResult } from './search-businesses.ts';
import { searchCatalog } from './search-catalog.ts';

export async function searchContractors(
  sql: Sql,
  query: TSearchQuery,
  options: { userId?: string | null; record?: boolean } = {},
): Promise<SearchResult> {
  const catalog = await searchCatalog(sql);
  if (query.category && !catalog.services.some((s) => s.slug === query.category)) {
    throw new AppError('BAD_REQUEST', 'Unknown category', { category: ['Unknown category'] });
  }
  const place =
    query.location && query.lat === undefined ? resolvePlace(catalog.places, query.location) : null;
  const result = await searchBusinesses(sql, query, place);
  if (options.record !== false) {
    void recordSearch(sql, query, result, options.userId ?? null).catch((error: unknown) => {
      console.error('search analytics not recorded', error);
    });
  }
  return result;
}

/** search_analytics for a non-empty term; SEARCH_APPEARANCES for the businesses shown. */
export async function recordSearch(
  sql: Sql,
  query: TSearchQuery,
  result: SearchResult,
  userId: string | null,
): Promise<void> {
  const filters: Record<string, string | number | boolean> = {
    ...(query.location ? { location: query.location } : {}),
    ...(query.category ? { category: query.category } : {}),
    sort: query.sort,
    distance: query.distance,
    minExperience: query.minExperience,
    maxResponse: query.maxResponse,
    verified: query.verified,
    page: query.page,
  };
  if (query.search.trim()) {
    await sql`
      insert into search_analytics (query, results_count, filters, user_id)
      values (${query.search.trim()}, ${result.total}, ${sql.json(filters)}, ${userId})`;
  }
  if (result.items.length) {
    const rows = result.items.map((b) => ({
      business_id: b.id,
      user_id: userId,
      metric: 'SEARCH_APPEARANCES',
      value: 1,
    }));
    await sql`insert into analytics ${sql(rows)}`;
  }
}

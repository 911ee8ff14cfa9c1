// Search-box suggestions: services, ACTIVE businesses and cities whose names match what was
// typed (prefix or substring first, then typos by trigram similarity), limited per kind.
import { SUGGESTION_LIMITS, type Suggestion, type TSuggestQuery } from '../../../schemas/search.ts';
import type { Sql } from '../../platform/db/client.ts';

export type { Suggestion } from '../../../schemas/search.ts';

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Names starting with the term first (index range scan); names containing it only to fill up,
 * best rated first (payment plays no part: issue 25).
 */
async function businessesFor(sql: Sql, term: string, limit: number) {
  const prefix = likePattern(term).slice(1);
  const starts = await sql<{ slug: string; name: string; city: string }[]>`
    select slug, name, city from businesses
    where status = 'ACTIVE' and lower(name) collate "C" like ${prefix}
    order by lower(name) collate "C"
    limit ${limit}`;
  if (starts.length >= limit || term.length < 3) return [...starts];
  const contains = await sql<{ slug: string; name: string; city: string }[]>`
    select slug, name, city from businesses
    where status = 'ACTIVE' and lower(name) like ${likePattern(term)} and not lower(name) like ${prefix}
    order by average_rating desc nulls last, name
    limit ${limit - starts.length}`;
  return [...starts, ...contains];
}

export async function suggest(sql: Sql, query: TSuggestQuery): Promise<Suggestion[]> {
  const limits = SUGGESTION_LIMITS[query.context];
  const term = query.q.trim().toLowerCase();
  const like = likePattern(term);
  const [services, businesses, cities] = await Promise.all([
    sql<{ slug: string; name: string }[]>`
      select slug, name from services
      where lower(name) like ${like} or similarity(lower(name), ${term}) > 0.3
      order by (lower(name) like ${`${term}%`}) desc, similarity(lower(name), ${term}) desc, name
      limit ${limits.services}`,
    businessesFor(sql, term, limits.businesses),
    sql<{ slug: string; name: string }[]>`
      select slug, name from service_areas
      where lower(name) like ${like} or ${term} = any(zip_codes)
      order by (lower(name) like ${`${term}%`}) desc, population desc
      limit ${limits.cities}`,
  ]);
  const all: Suggestion[] = [
    ...services.map((s) => ({
      kind: 'service' as const,
      label: s.name,
      value: s.name,
      href: `/services/${s.slug}`,
    })),
    ...businesses.map((b) => ({
      kind: 'business' as const,
      label: `${b.name}, ${b.city}`,
      value: b.name,
      href: `/contractor/${b.slug}`,
    })),
    ...cities.map((c) => ({
      kind: 'city' as const,
      label: `${c.name}, OH`,
      value: c.name,
      href: `/contractors?location=${c.slug}`,
    })),
  ];
  return all.slice(0, limits.total);
}

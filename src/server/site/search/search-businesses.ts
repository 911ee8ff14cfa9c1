// Contractor search on Postgres: ACTIVE businesses only; the term matched by full text (with
// a prefix on the last word, for search-as-you-type) or by trigram word similarity (typos:
// "plumer" finds plumbers); filters (price bounds against the average project cost) and sorts of the
// spec; stable pagination. Paid placement never orders the results: the first page carries the
// featured matches apart (`sponsored`), for the page to show labelled.
import type { ResolvedPlace } from '../../../domain/gazetteer.ts';
import { PAGE_SIZE, type SearchHit, type SearchResult, type TSearchQuery } from '../../../schemas/search.ts';
import type { Db, Sql } from '../../platform/db/client.ts';
import { DEFAULT_RESPONSE_HOURS } from '../pages/derive.ts';
import { SPONSORED_LIMIT, TOP_RATED_MIN_REVIEWS } from '../../../domain/ranking.ts';
import { COUNT_CAP } from '../site-rules.ts';

/** Miles per degree of latitude, rounded down: the bounding box is a little larger than the circle. */
const MILES_PER_DEGREE = 69;

export type { SearchResult } from '../../../schemas/search.ts';

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

type TextMode = 'none' | 'fulltext';

/** Longitude scale of the businesses.location_xy column (cos 39.75 degrees). */
const X_SCALE = 0.7688;

/**
 * A typo-tolerant version of the term: each word that the search lexicon does not hold is
 * replaced by its most similar word there ("plumer" -> "plumbing"); null when nothing changes.
 */
async function correctTerm(sql: Db, term: string): Promise<string | null> {
  const words = term
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 6);
  if (!words.length) return null;
  const fixed = await Promise.all(
    words.map(async (w) => {
      if (w.length < 3) return w;
      const [row] = await sql<{ word: string }[]>`
        select word from search_lexicon where word % ${w}
        order by word = ${w} desc, similarity(word, ${w}) desc, word limit 1`;
      return row?.word ?? w;
    }),
  );
  const corrected = fixed.join(' ');
  return corrected === words.join(' ') ? null : corrected;
}

export async function searchBusinesses(
  sql: Sql,
  query: TSearchQuery,
  place: ResolvedPlace | null,
  options: { explain?: (plan: string) => void } = {},
): Promise<SearchResult> {
  const term = query.search.trim().toLowerCase();
  let tsquery = prefixTsQuery(term);
  const point =
    query.lat !== undefined && query.lng !== undefined
      ? { latitude: query.lat, longitude: query.lng }
      : place
        ? { latitude: place.latitude, longitude: place.longitude }
        : null;

  /** A point in location_xy's scaled degrees, for nearest-first reads of its GiST indexes. */
  const xy = (p: { latitude: number; longitude: number }) =>
    sql`point(${p.longitude * X_SCALE}, ${p.latitude})`;
  const distance = point
    ? sql`great_circle_miles(${point.latitude}::float8, ${point.longitude}::float8, b.latitude, b.longitude)`
    : sql`null::float8`;
  const latSpan = query.distance / MILES_PER_DEGREE;
  const lngSpan = point
    ? query.distance / (MILES_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180))
    : 0;

  const locationFilter = point
    ? sql`and b.latitude between ${point.latitude - latSpan} and ${point.latitude + latSpan}
          and b.longitude between ${point.longitude - lngSpan} and ${point.longitude + lngSpan}
          and ${distance} <= ${query.distance}`
    : query.location
      ? sql`and lower(b.city) = ${query.location.toLowerCase()}`
      : sql``;
  // The services a business offers, mirrored on it (business_services_sync_names): an index
  // condition that combines with the place's, where a lookup per listing did not (issue 28).
  const categoryFilter = query.category
    ? sql`and b.service_ids @> array[(select s.id from services s where s.slug = ${query.category})]`
    : sql``;
  const otherFilters = sql`
    ${query.verified ? sql`and b.verified` : sql``}
    ${query.minExperience > 0 ? sql`and coalesce(b.years_in_business, 0) >= ${query.minExperience}` : sql``}
    and coalesce(b.response_time_hours, ${DEFAULT_RESPONSE_HOURS}) <= ${query.maxResponse}
    ${query.priceMin !== undefined ? sql`and b.avg_project_cost_max_cents >= ${query.priceMin * 100}` : sql``}
    ${query.priceMax !== undefined ? sql`and b.avg_project_cost_min_cents <= ${query.priceMax * 100}` : sql``}`;

  // Full text (every word, the last as a prefix); when that finds nothing, the words are
  // corrected against the search lexicon and searched again, so "plumer" finds plumbers.
  const textMatch = (mode: TextMode) =>
    mode === 'fulltext' ? sql`and b.search_vector @@ to_tsquery('english', ${tsquery ?? ''})` : sql``;
  const rank = (mode: TextMode) =>
    mode === 'fulltext'
      ? sql`ts_rank(b.search_vector, to_tsquery('english', ${tsquery ?? ''}))`
      : sql`0::float4`;
  // TOP_RATED_MIN_REVIEWS written into the query, not bound: the planner matches
  // businesses_best_idx's expression (total_reviews >= 3) only against the same constant.
  const enoughReviews = sql.unsafe(String(Math.trunc(TOP_RATED_MIN_REVIEWS)));
  const order = (mode: TextMode, rankOf = rank(mode)) =>
    ({
      // Payment plays no part (the paid placements are apart: `sponsored` below). The order
      // matches businesses_best_idx, so a search without words reads a page of the index.
      best: sql`b.verified desc, ${rankOf} desc, (b.total_reviews >= ${enoughReviews}) desc,
                b.average_rating desc nulls last, b.total_reviews desc, b.name`,
      rating: sql`b.average_rating desc nulls last, b.total_reviews desc, b.name`,
      name: sql`b.name`,
      location: point ? sql`b.location_xy <-> ${xy(point)}` : sql`b.city, b.name`,
      experience: sql`b.years_in_business desc nulls last, b.name`,
      response_time: sql`coalesce(b.response_time_hours, ${DEFAULT_RESPONSE_HOURS}) asc, b.name`,
    })[query.sort];
  // Nearest-first reads the GiST index in distance order and stops at a page; a second sort
  // key would make PostgreSQL sort every listing in the circle instead (100 ms at 100,000).
  const nearestFirst = query.sort === 'location' && point !== null;
  const where = (mode: TextMode) =>
    sql`where b.status = 'ACTIVE' ${textMatch(mode)} ${locationFilter} ${categoryFilter} ${otherFilters}`;
  const offset = (query.page - 1) * PAGE_SIZE;
  const hitColumns = sql`b.id, b.name, b.slug, b.category, b.tagline, b.city, b.state, b.verified, b.featured,
             b.average_rating::float8 as "averageRating", b.total_reviews as "totalReviews",
             b.years_in_business as "yearsInBusiness", b.response_time_hours as "responseTimeHours",
             b.price_range as "priceRange", b.avg_project_cost_min_cents as "projectCostMinCents",
             b.avg_project_cost_max_cents as "projectCostMaxCents", b.specialties, b.images[1] as image, b.phone,
             ${distance} as "distanceMiles"`;

  const sponsoredOrder = point
    ? sql`b.location_xy <-> ${xy(point)}`
    : sql`b.average_rating desc nulls last, b.name, b.id`;
  // Orders that sort every match anyway: words with an order no index has (every order but
  // rating), and a trade near a place (the two indexes ANDed give a few thousand rows at most,
  // no index has their order). The count, the page and the Sponsored box are then taken from one
  // read of the matches instead of three (issue 28: 83,000 matches of "gem city" at 1,000,000
  // listings). Nearest-first reads its GiST index in order and stops at a page.
  const onePass = (mode: TextMode) =>
    !nearestFirst && ((mode === 'fulltext' && query.sort !== 'rating') || (query.category && point !== null));

  /**
   * The matches read once (their sort keys and rank), then counted, the page and the Sponsored
   * box taken from them by id; the same answer as the count, page and Sponsored queries below.
   */
  const matchesInOnePass = async (tx: Db, mode: TextMode): Promise<SearchResult> => {
    const read = async (explain: boolean) => {
      const statement = tx<{ n: number; page: string[]; sponsored: string[] }[]>`
        ${explain ? sql`explain (analyze, buffers, costs off)` : sql``}
        with b as materialized (
          select b.id, b.verified, b.featured, b.total_reviews, b.average_rating, b.name, b.city,
                 b.years_in_business, b.response_time_hours, b.location_xy, ${rank(mode)} as rank
          from businesses b ${where(mode)})
        select (select count(*) from b)::int as n,
          array(select b.id from b order by ${order(mode, sql`b.rank`)}, b.id
                limit ${PAGE_SIZE} offset ${offset}) as page,
          array(select b.id from b where b.featured order by ${sponsoredOrder} limit ${SPONSORED_LIMIT}) as sponsored`;
      if (explain) {
        const plan = (await statement) as unknown as Record<string, string>[];
        options.explain?.(plan.map((r) => String(Object.values(r)[0])).join('\n'));
        return null;
      }
      const [row] = await statement;
      return row!;
    };
    let found = await read(false);
    let correctedTerm: string | null = null;
    if (mode === 'fulltext' && found!.n === 0) {
      correctedTerm = await correctTerm(tx, term);
      if (correctedTerm) {
        tsquery = correctedTerm.split(' ').join(' & ');
        found = await read(false);
      }
    }
    if (options.explain) await read(true);
    // As the capped count below: no page past the cap.
    const total = Math.min(found!.n, COUNT_CAP + 1);
    const page = total > offset ? found!.page : [];
    const sponsoredIds = query.page === 1 && total > 0 ? found!.sponsored : [];
    const ids = [...page, ...sponsoredIds];
    const rows = ids.length
      ? await tx<SearchHit[]>`select ${hitColumns} from businesses b where b.id = any(${ids}::uuid[])`
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      items: page.map((id) => byId.get(id)!),
      total: Math.min(total, COUNT_CAP),
      totalCapped: total > COUNT_CAP,
      page: query.page,
      pageSize: PAGE_SIZE,
      location: place,
      correctedTerm,
      sponsored: sponsoredIds.map((id) => byId.get(id)!),
    };
  };

  // One snapshot for all the search's statements: the matches read once and the shown rows read
  // by id after them see the same listings (a listing removed between them is not half there).
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    // Prepared statements would switch to a generic plan after a few runs, and a plan that
    // does not know the term or the place picks the wrong index; plan each search afresh.
    // The bitmap of a broad term's matches stays exact (4 MB, the default, made it lossy at
    // 1,000,000 listings: every row of the lossy pages was checked again).
    await tx`select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('work_mem', '32MB', true)`;
    const count = async (mode: TextMode) => {
      const [row] = await tx<{ n: number }[]>`
        select count(*)::int as n from (select 1 from businesses b ${where(mode)} limit ${COUNT_CAP + 1}) capped`;
      return row?.n ?? 0;
    };
    const mode: TextMode = tsquery ? 'fulltext' : 'none';
    if (term && !tsquery)
      return {
        items: [],
        total: 0,
        totalCapped: false,
        page: query.page,
        pageSize: PAGE_SIZE,
        location: place,
        correctedTerm: null,
        sponsored: [],
      };
    if (onePass(mode)) return matchesInOnePass(tx, mode);
    let total = await count(mode);
    let correctedTerm: string | null = null;
    if (mode === 'fulltext' && total === 0) {
      correctedTerm = await correctTerm(tx, term);
      if (correctedTerm) {
        tsquery = correctedTerm.split(' ').join(' & ');
        total = await count(mode);
      }
    }
    const page = (explain: boolean) => tx<SearchHit[]>`
      ${explain ? sql`explain (analyze, buffers, costs off)` : sql``}
      select ${hitColumns}
      from businesses b
      ${where(mode)}
      order by ${order(mode)}${nearestFirst ? sql`` : sql`, b.id`}
      limit ${PAGE_SIZE} offset ${offset}`;
    if (options.explain) {
      const plan = (await page(true)) as unknown as Record<string, string>[];
      options.explain(plan.map((r) => String(Object.values(r)[0])).join('\n'));
    }
    const items = total > offset ? [...(await page(false))] : [];
    const sponsored =
      query.page === 1 && total > 0
        ? [
            ...(await tx<SearchHit[]>`
              select ${hitColumns}
              from businesses b
              ${where(mode)} and b.featured
              order by ${sponsoredOrder}
              limit ${SPONSORED_LIMIT}`),
          ]
        : [];
    return {
      items,
      total: Math.min(total, COUNT_CAP),
      totalCapped: total > COUNT_CAP,
      page: query.page,
      pageSize: PAGE_SIZE,
      location: place,
      correctedTerm,
      sponsored,
    };
  });
}

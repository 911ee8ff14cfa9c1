// Search benchmarks (issue 4) on real PostgreSQL with 10,000 and 100,000 generated ACTIVE
// businesses: p95 server time of the search and suggest use-cases (validation included, as the
// endpoints run them) against the bare SQL of the same queries in the same run, plus EXPLAIN
// plans. Uses BENCH_DATABASE_URL (a local server) or starts a throwaway cluster.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolvePlace } from '../src/domain/gazetteer.ts';
import { ZSearchQuery, ZSuggestQuery } from '../src/schemas/search.ts';
import { loadCatalog } from '../src/server/catalog/load-catalog.ts';
import { upsertCatalog } from '../src/server/catalog/upsert-catalog.ts';
import type { Sql } from '../src/server/db/client.ts';
import { searchBusinesses } from '../src/server/search/search-businesses.ts';
import { searchCatalog } from '../src/server/search/search-catalog.ts';
import { searchContractors } from '../src/server/search/search-contractors.ts';
import { suggest } from '../src/server/search/suggest.ts';
import { ROOT } from '../scripts/lib/database.ts';
import type { Measurement } from './foundation.ts';
import { freshDatabase, percentile, time, withPostgres } from './lib.ts';

const SEARCHES: Record<string, string>[] = [
  {},
  { search: 'plumbing' },
  { search: 'plumer' },
  { search: 'roof repair', location: 'Kettering' },
  { category: 'hvac', location: '45459', distance: '10' },
  { search: 'electric', sort: 'rating', verified: 'true' },
  { location: 'Beavercreek', sort: 'location', maxResponse: '4' },
  { search: 'kitchen', sort: 'experience', minExperience: '10' },
  { search: 'gem city', page: '3' },
];
const SUGGESTS = ['pl', 'plu', 'roof', 'gem', 'kett', 'hvac', 'drain c', '4545'];

const p95 = (samples: number[]) => percentile(samples, 0.95);

/** Inserts `count` ACTIVE businesses spread over the service areas, with 1-3 services each. */
async function generate(sql: Sql, count: number): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`; // skip the per-row service_names trigger
    await tx`
      insert into businesses (name, slug, status, verified, featured, category, tagline, description, city, state,
        zip_code, latitude, longitude, average_rating, total_reviews, years_in_business, response_time_hours,
        price_range, specialties, service_names, service_areas, search_text, search_vector)
      select b.name, b.slug, 'ACTIVE', b.n % 7 <> 0, b.n % 23 = 0, s.name, 'Local pros you can trust',
             b.name || ' serves ' || a.name || ' homeowners with ' || lower(s.name) || ' work.',
             a.name, 'OH', a.zip_codes[1], a.latitude + (b.n % 97 - 48) * 0.0007, a.longitude + (b.n % 89 - 44) * 0.0008,
             case when b.n % 11 = 0 then null else round((3 + (b.n % 21) / 10.0)::numeric, 1) end,
             b.n % 40, b.n % 45, (array[1, 2, 4, 24, null])[1 + b.n % 5], (array['$', '$$', '$$$', '$$$$'])[1 + b.n % 4],
             s.specialties[1:3], array[s.name], a.zip_codes, '', ''::tsvector
      from (select n, (array['Miller','Schmidt','Gem City','Buckeye','Miami Valley','Kowalski','Hartman','Five Rivers',
                             'Summit','Riverbend','Keystone','Brandt'])[1 + n % 12] || ' ' || n as name,
                   'bench-' || n as slug from generate_series(1, ${count}) n) b
      cross join lateral (select * from services order by sort_order offset (b.n % 30) limit 1) s
      cross join lateral (select * from service_areas order by slug offset (b.n % 25) limit 1) a`;
    await tx`
      insert into business_services (business_id, service_id)
      select b.id, s.id from businesses b join services s on s.name = b.category where b.slug like 'bench-%'`;
    // The triggers were skipped: fill the search fields the way businesses_search_refresh does.
    await tx`update businesses set name = name where slug like 'bench-%'`;
  });
  await sql`set session_replication_role = origin`;
  await sql`update businesses set name = name where slug like 'bench-%'`;
  await sql`refresh materialized view search_lexicon`;
  await sql`analyze`;
}

async function benchOne(adminUrl: string, count: number, outDir: string): Promise<Measurement[]> {
  const sql = await freshDatabase(adminUrl, `bench_search_${count}`, 4);
  try {
    await upsertCatalog(sql, await loadCatalog());
    await generate(sql, count);
    const catalog = await searchCatalog(sql);

    const server: number[] = [];
    const bare: number[] = [];
    const suggestTimes: number[] = [];
    const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
    // One unmeasured round first: a server answers from a warm cache and warm plans.
    for (const params of SEARCHES)
      await searchContractors(sql, ZSearchQuery.parse(params), { record: false });
    for (const q of SUGGESTS) await suggest(sql, ZSuggestQuery.parse({ q }));
    for (let round = 0; round < rounds; round += 1) {
      for (const params of SEARCHES) {
        server.push(await time(() => searchContractors(sql, ZSearchQuery.parse(params), { record: false })));
        const query = ZSearchQuery.parse(params);
        const place = query.location ? resolvePlace(catalog.places, query.location) : null;
        bare.push(await time(() => searchBusinesses(sql, query, place)));
      }
      for (const q of SUGGESTS) suggestTimes.push(await time(() => suggest(sql, ZSuggestQuery.parse({ q }))));
    }

    const plans: string[] = [];
    for (const params of [
      { search: 'plumer' },
      { search: 'roof repair', location: 'Kettering' },
      { category: 'hvac', location: '45459', distance: '10' },
    ]) {
      const query = ZSearchQuery.parse(params);
      const place = query.location ? resolvePlace(catalog.places, query.location) : null;
      await searchBusinesses(sql, query, place, {
        explain: (plan) => plans.push(`-- ${JSON.stringify(params)}\n${plan}`),
      });
    }
    writeFileSync(path.join(outDir, `search-explain-${count}.txt`), plans.join('\n\n'));

    if (process.env.BENCH_VERBOSE) {
      SEARCHES.forEach((params, i) => {
        const mine = bare.filter((_, k) => k % SEARCHES.length === i);
        console.log(`${count} ${JSON.stringify(params)} p95 ${p95(mine).toFixed(1)} ms`);
      });
    }
    if (process.env.BENCH_VERBOSE) {
      SUGGESTS.forEach((q, i) => {
        const mine = suggestTimes.filter((_, k) => k % SUGGESTS.length === i);
        console.log(`${count} suggest ${q} p95 ${p95(mine).toFixed(1)} ms`);
      });
    }
    const serverP95 = p95(server);
    const bareP95 = p95(bare);
    return [
      {
        name: `/api/search server time p95, ${count.toLocaleString('en-US')} businesses`,
        value: serverP95,
        unit: 'ms',
        note: 'budget 50 ms',
      },
      {
        name: `Bare search SQL p95, ${count.toLocaleString('en-US')} businesses`,
        value: bareP95,
        unit: 'ms',
      },
      {
        name: `Search server / bare SQL, ${count.toLocaleString('en-US')} businesses`,
        value: serverP95 / bareP95,
        unit: 'x',
        note: 'budget 2x',
      },
      {
        name: `/api/suggest server time p95, ${count.toLocaleString('en-US')} businesses`,
        value: p95(suggestTimes),
        unit: 'ms',
        note: 'budget 20 ms',
      },
    ];
  } finally {
    await sql.end();
  }
}

export async function searchBench(): Promise<Measurement[]> {
  const outDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  return withPostgres(async (adminUrl) => [
    ...(await benchOne(adminUrl, 10_000, outDir)),
    ...(await benchOne(adminUrl, 100_000, outDir)),
  ]);
}

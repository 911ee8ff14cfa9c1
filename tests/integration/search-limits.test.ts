// Issue 26 (the review's low findings): the paid geocoder is cached and limited per client (8
// requests made 8 Mapbox calls), and a business's search appearances count once per client,
// business and UTC day, with search_analytics rows limited per client (21 identical searches
// raised a count by 21 and wrote 21 rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createGeocoder, type Geocoder } from '../../src/server/platform/geo/geocoder.ts';
import {
  GEOCODES_PER_CLIENT,
  LOCATION_RATE_LIMITED,
  limitedGeocoder,
} from '../../src/server/platform/geo/limited-geocoder.ts';
import { purgeSearchMarks } from '../../src/server/site/search/purge-search-marks.ts';
import { refreshSearchLexicon } from '../../src/server/site/search/refresh-lexicon.ts';
import { recordSearch, searchContractors } from '../../src/server/site/search/search-contractors.ts';
import { ZSearchQuery } from '../../src/schemas/search.ts';
import { createBusiness } from '../factories/index.ts';
import { startGeocoderStandIn, type GeocoderStandIn } from '../helpers/geocoder-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { SEARCH_ANALYTICS_PER_CLIENT } from '../../src/server/site/site-rules.ts';

let database: TestDatabase;
let sql: Sql;
let standIn: GeocoderStandIn;
let mapbox: Geocoder;
let masonId: string;

const MASON = '100 main st, mason';

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await upsertCatalog(sql, await loadCatalog());
  masonId = (
    await createBusiness(sql, {
      name: 'Limits Roofing Co',
      category: 'Roofing',
      city: 'Mason',
      latitude: 39.36,
      longitude: -84.31,
      services: ['roofing'],
    })
  ).id;
  await refreshSearchLexicon(sql);
  standIn = await startGeocoderStandIn({
    [MASON]: { place_name: '100 Main St, Mason, Ohio 45040', center: [-84.309912, 39.360148] },
    '-84.19000,39.76000': { place_name: 'Downtown, Dayton, Ohio', center: [-84.19, 39.76] },
    '-81.69400,41.49900': { place_name: 'Cleveland, Ohio, United States', center: [-81.6944, 41.4993] },
  });
  mapbox = createGeocoder('test-token', standIn.url)!;
});

afterAll(async () => {
  await standIn.close();
  await sql.end();
  await database.drop();
});

const calls = () => standIn.requests.length;

describe('the geocoder, cached and limited per client', () => {
  it('answers identical look-ups (however typed) from the cache: one call to the geocoder', async () => {
    const before = calls();
    const typed = [
      '100 Main St, Mason',
      '100 main st,mason',
      '  100  MAIN St ,  Mason ',
      '100 Main St, Mason',
    ];
    for (const [i, location] of typed.entries()) {
      const geocoder = limitedGeocoder(sql, mapbox, `198.51.100.${i + 1}`);
      const result = await searchContractors(sql, ZSearchQuery.parse({ location, distance: '5' }), {
        record: false,
        geocoder,
      });
      expect(result.items.map((b) => b.name)).toEqual(['Limits Roofing Co']);
    }
    expect(calls() - before).toBe(1);
    const [kept] =
      await sql`select name, latitude, longitude from geocode_cache where query = ${`forward:${MASON}`}`;
    // Rounded to 3 decimals (about 100 m).
    expect(kept).toEqual({ name: '100 Main St, Mason, Ohio 45040', latitude: 39.36, longitude: -84.31 });
  });

  it('refuses a client past its allowance with a clear message and no call; cached places still answer', async () => {
    const geocoder = limitedGeocoder(sql, mapbox, '203.0.113.50')!;
    for (let n = 0; n < GEOCODES_PER_CLIENT; n += 1) {
      expect(await geocoder.forward(`nowhere street ${n}`)).toBeNull();
    }
    const before = calls();
    await expect(geocoder.forward('nowhere street past the limit')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: LOCATION_RATE_LIMITED,
    });
    expect(calls()).toBe(before);
    expect(await geocoder.forward('100 Main St, Mason')).toMatchObject({
      name: '100 Main St, Mason, Ohio 45040',
    });
    expect(calls()).toBe(before);
    // Another client has its own allowance.
    expect(await limitedGeocoder(sql, mapbox, '203.0.113.51')!.forward('nowhere street 0')).toBeNull();
    expect(calls()).toBe(before + 1);
  });

  it('keeps reverse answers by the point rounded to 3 decimals, and none outside our region', async () => {
    const before = calls();
    const geocoder = limitedGeocoder(sql, mapbox, '198.51.100.20')!;
    expect(await geocoder.reverse(39.76012, -84.19031)).toMatchObject({ name: 'Downtown, Dayton, Ohio' });
    expect(await geocoder.reverse(39.75961, -84.18984)).toMatchObject({ name: 'Downtown, Dayton, Ohio' });
    expect(calls() - before).toBe(1);
    await geocoder.reverse(41.4993, -81.6944);
    await geocoder.reverse(41.4993, -81.6944);
    expect(calls() - before).toBe(3);
    expect(await sql`select 1 from geocode_cache where query like 'reverse:41.%'`).toHaveLength(0);
  });

  it('asks again once an answer has expired, and housekeeping deletes expired answers', async () => {
    await sql`update geocode_cache set expires_at = now() - interval '1 second' where query = ${`forward:${MASON}`}`;
    const before = calls();
    await limitedGeocoder(sql, mapbox, '198.51.100.30')!.forward(MASON);
    expect(calls() - before).toBe(1);
    await sql`update geocode_cache set expires_at = now() - interval '1 second'`;
    expect((await purgeSearchMarks(sql)).geocodes).toBeGreaterThan(0);
    expect(await sql`select 1 from geocode_cache`).toHaveLength(0);
  });
});

describe('search appearances and search_analytics, per client', () => {
  const appearances = async () =>
    (
      await sql<{ n: number }[]>`
        select coalesce(sum(value), 0)::int as n from analytics
         where business_id = ${masonId} and metric = 'SEARCH_APPEARANCES'`
    )[0]!.n;
  const logged = async (term: string) =>
    (await sql<{ n: number }[]>`select count(*)::int as n from search_analytics where query = ${term}`)[0]!.n;

  it('21 identical searches from one client count once and write at most the limit of rows; two clients count 2', async () => {
    const q = ZSearchQuery.parse({ search: 'limits roofing' });
    const result = await searchContractors(sql, q, { record: false });
    expect(result.items.map((b) => b.id)).toContain(masonId);
    const before = await appearances();
    for (let n = 0; n < 21; n += 1) await recordSearch(sql, q, result, null, '192.0.2.77');
    expect((await appearances()) - before).toBe(1);
    expect(await logged('limits roofing')).toBe(SEARCH_ANALYTICS_PER_CLIENT);
    for (let n = 0; n < 3; n += 1) await recordSearch(sql, q, result, null, '192.0.2.78');
    expect((await appearances()) - before).toBe(2);
    expect(await logged('limits roofing')).toBe(SEARCH_ANALYTICS_PER_CLIENT + 3);
  });

  it("housekeeping deletes the marks of days gone by, so tomorrow's search counts again", async () => {
    await sql`update search_appearance_marks set day = day - 1`;
    expect((await purgeSearchMarks(sql)).appearanceMarks).toBeGreaterThan(0);
    expect(await sql`select 1 from search_appearance_marks`).toHaveLength(0);
  });
});

// The full build at scale (issue 28, Must 6): `astro build` of the whole site, as a publish runs
// it, from the demo data and then from the demo data plus generated service areas (each with
// three generated contractors) until the site has at least BENCH_BUILD_PAGES pages (default
// 10,000): every area gets a city-service page per service. Timed from the start of the build to
// its end; the pages and the sitemap files and URLs are counted from the output. A fresh
// in-memory embedded database, as npm start uses.
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Sql } from '../src/server/platform/db/client.ts';
import { createSql } from '../src/server/platform/db/client.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { SITEMAP_URL_LIMIT } from '../src/domain/site-pages.ts';
import { ROOT } from '../scripts/lib/database.ts';
import { freePort, startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import { BIN, run } from '../scripts/lib/processes.ts';
import { seed } from '../scripts/lib/seed.ts';
import type { Measurement } from './foundation.ts';

const TARGET = Math.max(1, Number(process.env['BENCH_BUILD_PAGES'] ?? 10_000));
const BUDGET_S = 60;

/** Every .html file under `dir`. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
}

/** The sitemap files of a build and the URLs each lists. */
function sitemaps(dir: string): { files: number; urls: number; largest: number } {
  const files = readdirSync(dir).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const counts = files.map((f) => (readFileSync(path.join(dir, f), 'utf8').match(/<url>/g) ?? []).length);
  return { files: files.length, urls: counts.reduce((a, b) => a + b, 0), largest: Math.max(0, ...counts) };
}

/** Adds `count` service areas, each with three ACTIVE contractors serving its ZIP code. */
async function generateAreas(sql: Sql, count: number): Promise<void> {
  await sql`
    insert into service_areas (slug, name, county, population, zip_codes, latitude, longitude, description)
    select 'benchville-' || n, 'Benchville ' || n, (array['Montgomery', 'Greene', 'Warren'])[1 + n % 3],
           1000 + n * 7, array[(47000 + n)::text], 39.5 + (n % 40) * 0.01, -84.5 + (n / 40) * 0.01,
           'A generated area for the build benchmark.'
      from generate_series(1, ${count}) n`;
  await sql`
    insert into businesses (name, slug, status, verified, category, tagline, description, city, state,
      zip_code, latitude, longitude, average_rating, total_reviews, years_in_business, response_time_hours,
      price_range, specialties, service_names, service_areas)
    select 'Bench Pro ' || a.n || '-' || k, 'bench-pro-' || a.n || '-' || k, 'ACTIVE', true, s.name,
           'Local pros you can trust', 'Bench Pro serves ' || a.name || ' homeowners.', a.name, 'OH',
           a.zip_codes[1], a.latitude, a.longitude, 4.5, 3 + k, 5 + k, 4, '$$', s.specialties[1:2],
           array[s.name], a.zip_codes
      from (select sa.*, substring(sa.slug from 12)::int as n from service_areas sa where sa.slug like 'benchville-%') a
      cross join generate_series(1, 3) k
      cross join lateral (select * from services order by sort_order offset ((a.n * 3 + k) % 30) limit 1) s`;
  await sql`
    insert into business_services (business_id, service_id)
    select b.id, s.id from businesses b join services s on s.name = b.category where b.slug like 'bench-pro-%'`;
}

async function timedBuild(env: NodeJS.ProcessEnv, outDir: string) {
  await rm(outDir, { recursive: true, force: true });
  const started = performance.now();
  await run(path.join(BIN, 'astro'), ['build'], env);
  const seconds = (performance.now() - started) / 1000;
  const client = path.join(outDir, 'client');
  return { seconds, pages: htmlFiles(client).length, sitemap: sitemaps(client) };
}

export async function buildScaleBench(): Promise<Measurement[]> {
  const outDir = path.join(ROOT, 'dist-bench-scale');
  const database = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
  const sql = createSql(database.url, { max: 1 });
  const uploadsDir = path.join(ROOT, '.scratch', 'bench-build-uploads');
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    EMBEDDED_DB: '1',
    UPLOADS_DIR: uploadsDir,
    ASTRO_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    SITE_URL: 'http://127.0.0.1:4321',
  };
  try {
    await migrate(sql);
    await seed(sql, { demo: true, uploadsDir });
    console.log('build bench: the demo data...');
    const demo = await timedBuild(env, outDir);
    const [count] = await sql<{ services: number }[]>`select count(*)::int as services from services`;
    const services = count!.services;
    const areas = Math.max(0, Math.ceil((TARGET - demo.pages) / services));
    await generateAreas(sql, areas);
    console.log(`build bench: ${areas} generated areas, ${areas * 3} contractors...`);
    const scaled = await timedBuild(env, outDir);
    const load = os.loadavg()[0]!.toFixed(1);
    const note = (b: typeof demo) =>
      `${b.pages.toLocaleString('en-US')} pages; sitemap: ${b.sitemap.files} file(s), ${b.sitemap.urls.toLocaleString('en-US')} URLs, the largest ${b.sitemap.largest.toLocaleString('en-US')} (limit ${SITEMAP_URL_LIMIT.toLocaleString('en-US')}); load average ${load}`;
    return [
      { name: 'Full build, demo data', value: demo.seconds, unit: 's', note: note(demo) },
      {
        name: `Full build, ${scaled.pages.toLocaleString('en-US')} pages (generated areas)`,
        value: scaled.seconds,
        unit: 's',
        note: `${note(scaled)}; budget ${BUDGET_S} s: ${scaled.seconds < BUDGET_S ? 'met' : 'NOT met'}`,
      },
    ];
  } finally {
    await sql.end();
    await database.stop();
    await rm(outDir, { recursive: true, force: true });
    await rm(uploadsDir, { recursive: true, force: true });
  }
}

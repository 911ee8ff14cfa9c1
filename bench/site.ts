// Site build benchmarks (issue 3): full build of every page from the demo database against
// a build of the same number of empty pages in the same run; page weight and inline script
// of the built HTML; text similarity of the 750 city-service pages.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createSql } from '../src/server/platform/db/client.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { ROOT } from '../scripts/lib/database.ts';
import { freePort, startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import { seed } from '../scripts/lib/seed.ts';
import type { Measurement } from './foundation.ts';
import { percentile } from './lib.ts';
import { cityServicePages, similarity } from './similarity.ts';

const ASTRO = path.join(ROOT, 'node_modules', '.bin', 'astro');
/** Alternating rounds of the site build and the empty build (BENCH_BUILD_ROUNDS, default 5). */
const BUILD_ROUNDS = Math.max(1, Number(process.env['BENCH_BUILD_ROUNDS'] ?? 5));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '_astro' ? [] : htmlFiles(full);
    return e.name.endsWith('.html') ? [full] : [];
  });
}

/** Times `astro build`. Asynchronous: the embedded database runs in this process. */
async function timeBuild(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  let output = '';
  const child = spawn(ASTRO, ['build', ...args], {
    cwd: ROOT,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`astro build ${args.join(' ')} failed:\n${output}`);
  return (performance.now() - started) / 1000;
}

async function emptySite(dir: string, pages: number): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  // The same adapter, renderer and build options as the real site (its sitemap has no filter:
  // there is nothing to filter): the difference is the pages and what they import.
  const { default: config } = await import('../astro.config.mjs');
  const build = JSON.stringify(config.build ?? {});
  writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    [
      "import node from '@astrojs/node';",
      "import react from '@astrojs/react';",
      "import sitemap from '@astrojs/sitemap';",
      "export default { site: 'http://localhost:4321', adapter: node({ mode: 'standalone' }),",
      `  build: ${build}, trailingSlash: 'never', integrations: [react(), sitemap()] };`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'src', 'pages', '[n].astro'),
    `---\nexport function getStaticPaths() {\n  return Array.from({ length: ${pages} }, (_, i) => ({ params: { n: String(i) } }));\n}\n---\n<html lang="en"><head><title>Page {Astro.params.n}</title></head><body><p>{Astro.params.n}</p></body></html>\n`,
  );
}

export async function siteBench(): Promise<Measurement[]> {
  const scratch = path.join(ROOT, '.scratch', 'bench-site');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const database = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
  try {
    const sql = createSql(database.url, { max: 1 });
    await migrate(sql);
    await seed(sql, { demo: true, uploadsDir: path.join(scratch, 'uploads') });
    await sql.end();

    const outDir = path.join(scratch, 'dist');
    const env = { ...process.env, DATABASE_URL: database.url, EMBEDDED_DB: '1', ASTRO_OUT_DIR: outDir };
    // This VM's timings drift by 20-30% from minute to minute, so the two builds alternate for
    // a few rounds and the medians are compared.
    const siteRuns = [await timeBuild([], env)];
    const client = path.join(outDir, 'client');
    const pages = htmlFiles(client);

    const emptyDir = path.join(scratch, 'empty');
    await emptySite(emptyDir, pages.length);
    const emptyRuns = [await timeBuild(['--root', emptyDir], process.env)];
    const site = async () => siteRuns.push(await timeBuild([], env));
    const empty = async () => emptyRuns.push(await timeBuild(['--root', emptyDir], process.env));
    // Rounds alternate which build goes first (ABBA), so a drift does not always favour one.
    for (let round = 1; round < BUILD_ROUNDS; round++) {
      for (const build of round % 2 ? [empty, site] : [site, empty]) await build();
    }
    const siteSeconds = percentile(siteRuns, 0.5);
    const emptySeconds = percentile(emptyRuns, 0.5);
    const rounds = siteRuns.map((s, i) => `${s.toFixed(2)}/${emptyRuns[i]!.toFixed(2)}`).join(', ');

    const city = pages.filter((f) => f.endsWith('-ohio.html'));
    const gz = city.map((f) => gzipSync(readFileSync(f)).length).sort((a, b) => a - b);
    const inline = pages.map((f) => {
      const html = readFileSync(f, 'utf8');
      const scripts = [
        ...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
      ];
      return {
        file: f,
        bytes: scripts.reduce((s, m) => s + Buffer.byteLength(m[1] ?? ''), 0),
        island: html.includes('<astro-island'),
      };
    });
    const withoutIslands = inline.filter((p) => !p.island);
    // Framework code is bundled under /_astro/; the only other script file is the account
    // menu's /account-menu.js (no framework), reported on its own below.
    const frameworkJs = withoutIslands.filter((p) =>
      /<script[^>]+src="\/_astro\//.test(readFileSync(p.file, 'utf8')),
    ).length;
    const report = similarity(cityServicePages(client));
    const cssBytes = readdirSync(path.join(client, '_astro'))
      .filter((f) => f.endsWith('.css'))
      .reduce((s, f) => s + statSync(path.join(client, '_astro', f)).size, 0);

    return [
      {
        name: 'Full site build (demo database), median',
        value: siteSeconds,
        unit: 's',
        note: `${pages.length} pages; ${BUILD_ROUNDS} rounds`,
      },
      {
        name: 'Build of the same number of empty pages, median',
        value: emptySeconds,
        unit: 's',
        note: `${pages.length} pages`,
      },
      {
        name: 'Site build / empty build (medians)',
        value: siteSeconds / emptySeconds,
        unit: 'x',
        note: `budget 1.5x; rounds (site/empty s): ${rounds}`,
      },
      {
        name: 'Site build throughput',
        value: pages.length / siteSeconds,
        unit: 'pages/s',
        note: 'budget 40 pages/s',
      },
      {
        name: 'City-service page HTML, gzip, largest',
        value: gz[gz.length - 1]! / 1024,
        unit: 'KB',
        note: `median ${(gz[Math.floor(gz.length / 2)]! / 1024).toFixed(1)} KB; budget 14 KB`,
      },
      {
        name: 'Inline script on pages without islands, largest',
        value: Math.max(...withoutIslands.map((p) => p.bytes)) / 1024,
        unit: 'KB',
        note: 'budget 3 KB',
      },
      {
        name: 'Pages without islands that load framework JavaScript',
        value: frameworkJs,
        unit: 'pages',
        note: 'budget 0',
      },
      {
        name: 'Account menu script (/account-menu.js, every prebuilt page), gzip',
        value: gzipSync(readFileSync(path.join(client, 'account-menu.js'))).length / 1024,
        unit: 'KB',
        note: 'no framework; asks the server only when the signed_in hint cookie is set',
      },
      { name: 'CSS files, total', value: cssBytes / 1024, unit: 'KB' },
      {
        name: 'City-service text similarity, max Jaccard (5-word shingles)',
        value: report.maxJaccard.value,
        unit: '',
        note: `${report.maxJaccard.a} / ${report.maxJaccard.b}; pairs over 0.60: ${report.over60Jaccard} of ${report.pairs}; budget 0.60`,
      },
      {
        name: 'City-service text similarity, max containment',
        value: report.maxContainment.value,
        unit: '',
        note: `pairs over 0.60: ${report.over60Containment} (shared share of the shorter page; reported, not the budget)`,
      },
    ];
  } finally {
    await database.stop();
  }
}

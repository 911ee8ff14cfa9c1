// JavaScript of the island pages as a browser loads it: the built site with the demo data in
// Debian's Chromium; every same-origin script a page loads (imports of imports included), its
// gzip size, which chunks the island pages share, and how each island hydrates. Also checks that
// one page of every static type loads no framework JavaScript (only /account-menu.js).
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../scripts/lib/demo-data.ts';
import type { Measurement } from './foundation.ts';
import { CHROMIUM_ARGS, startSite } from './lib.ts';

export const ISLAND_PAGES = [
  ['search', '/contractors'],
  ['quote wizard', '/quote-request'],
  ['sign in', '/auth'],
  ['account settings', '/profile'],
  ['forgot password', '/forgot-password'],
  ['reset password', '/reset-password'],
] as const;

/** Pages that need a signed-in browser. */
const SIGNED_IN = new Set(['/profile']);

const STATIC_PAGES = [
  '/',
  '/plumbing-dayton-ohio',
  '/services/plumbing',
  '/emergency/plumber',
  '/service-areas',
  '/articles',
  '/articles/how-to-choose-a-licensed-contractor-in-dayton',
  '/ai',
] as const;

interface Loaded {
  /** Same-origin scripts by path: gzip bytes. */
  scripts: Map<string, number>;
  /** The scripts that carry React (its element symbol), i.e. framework JavaScript. */
  framework: Set<string>;
  islands: string[];
}

/** React's element type symbol: in every build of its runtime, and nowhere else of ours. */
const REACT_MARK = /react\.(transitional\.)?element/;

async function load(context: BrowserContext, origin: string, pathname: string): Promise<Loaded> {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const framework = new Set<string>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    pending.push(
      response.body().then(
        (body) => {
          scripts.set(url.pathname, gzipSync(body).length);
          if (REACT_MARK.test(body.toString('utf8'))) framework.add(url.pathname);
        },
        () => undefined,
      ),
    );
  });
  await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle' });
  if ((await page.locator('astro-island').count()) > 0) {
    await page.locator('astro-island:not([ssr])').first().waitFor();
    await page.waitForLoadState('networkidle');
  }
  await Promise.all(pending);
  const islands = await page.$$eval('astro-island', (nodes) =>
    nodes.map((n) => {
      const url = n.getAttribute('component-url') ?? '';
      const name = url.split('/').pop()?.split('.')[0] ?? url;
      return `${name} client:${n.getAttribute('client') ?? '?'}`;
    }),
  );
  await page.close();
  return { scripts, framework, islands };
}

export async function islandsBench(): Promise<Measurement[]> {
  const site = await startSite();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    const signIn = await context.request.post(`${site.origin}/api/auth/sign-in`, {
      data: { email: 'homeowner@example.com', password: DEMO_PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`demo sign-in failed: ${signIn.status()}`);
    const anonymous = await browser.newContext();

    const results: Measurement[] = [];
    const loaded = new Map<string, Loaded>();
    for (const [label, pathname] of ISLAND_PAGES) {
      const got = await load(SIGNED_IN.has(pathname) ? context : anonymous, site.origin, pathname);
      loaded.set(pathname, got);
      const total = [...got.scripts.values()].reduce((a, b) => a + b, 0);
      results.push({
        name: `JavaScript of ${pathname} (${label}), gzip`,
        value: total / 1024,
        unit: 'KB',
        note: `${got.scripts.size} files; islands: ${got.islands.join(', ') || 'none'}`,
      });
    }

    // The chunks, and how many island pages load each: React's runtime should be one chunk that
    // every island page shares.
    const chunks = new Map<string, { gzip: number; pages: string[] }>();
    for (const [pathname, got] of loaded) {
      for (const [file, gzip] of got.scripts) {
        const entry = chunks.get(file) ?? { gzip, pages: [] };
        entry.pages.push(pathname);
        chunks.set(file, entry);
      }
    }
    console.log('\nChunks loaded by the island pages (gzip KB, pages):');
    for (const [file, { gzip, pages }] of [...chunks].sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(`  ${file}  ${(gzip / 1024).toFixed(1)} KB  ${pages.length}/${ISLAND_PAGES.length}`);
      if (gzip >= 2048) {
        results.push({
          name: `Chunk ${file.replace(/^\/_astro\//, '')}, gzip`,
          value: gzip / 1024,
          unit: 'KB',
          note: `loaded by ${pages.length} of ${ISLAND_PAGES.length} island pages`,
        });
      }
    }

    const home = (await (await fetch(`${site.origin}/`)).text()).replace(
      /<template[\s\S]*?<\/template>/g,
      '',
    );
    const profile = /href="(\/contractor\/[a-z0-9-]+)"/.exec(home)?.[1];
    if (!profile) throw new Error('no contractor profile linked from the home page');
    let framework = 0;
    for (const pathname of [...STATIC_PAGES, profile]) {
      const got = await load(anonymous, site.origin, pathname);
      const bytes = [...got.framework].reduce((sum, f) => sum + (got.scripts.get(f) ?? 0), 0);
      const other = [...got.scripts].filter(([f]) => !got.framework.has(f));
      console.log(
        `  ${pathname}: framework ${bytes} B; other scripts ${other.map(([f, gz]) => `${f} ${gz} B`).join(', ')}`,
      );
      framework += bytes;
      if (pathname === '/') {
        // The app chrome (offline banner, install offer, service worker: issue 16) is on every page
        // and has its own line; the budget of 3 KB is for what the home page adds to it.
        const isChrome = ([f]: [string, number]) => /app-?chrome/i.test(f);
        const own = other.filter((s) => !isChrome(s));
        const chrome = other.filter(isChrome);
        results.push({
          name: "Home page's own scripts (search suggestions, account menu), gzip",
          value: own.reduce((sum, [, gz]) => sum + gz, 0) / 1024,
          unit: 'KB',
          note: `${own.map(([f]) => f).join(', ')}; no framework; budget 3 KB`,
        });
        results.push({
          name: "The app chrome's scripts, on every page, gzip",
          value: chrome.reduce((sum, [, gz]) => sum + gz, 0) / 1024,
          unit: 'KB',
          note: `${chrome.map(([f]) => f).join(', ')}; no framework`,
        });
      }
    }
    results.push({
      name: 'Framework JavaScript loaded by pages without islands, gzip',
      value: framework,
      unit: 'bytes',
      note: `${STATIC_PAGES.length} page types plus a profile, in Chromium (a script carrying React's element symbol counts); budget 0`,
    });
    return results;
  } finally {
    await browser.close();
    site.stop();
  }
}

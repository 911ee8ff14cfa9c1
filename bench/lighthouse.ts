// Lighthouse (mobile, the default config: simulated slow 4G and a 4x slower CPU) on one page of
// each static type and on every island page, against the built site served by our Node server
// with the demo data (scripts/e2e-server.ts), in Debian's Chromium. Reports the four scores and
// the total blocking time; /profile and the inbox (/profile/requests and a request: `only: 'inbox'`)
// are measured signed in as the demo homeowner, the contractor's
// workspace (/dashboard, /contractor/billing: `only: 'workspace'`) as the demo contractor. Each page runs
// LIGHTHOUSE_RUNS times (default 3) and the run with the median performance score is reported,
// as Lighthouse's own guidance on variance suggests; every run's score is in the note.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../scripts/lib/demo-data.ts';
import type { Measurement } from './foundation.ts';
import { ISLAND_PAGES } from './islands.ts';
import { CHROMIUM_ARGS, startSite } from './lib.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A demo account's cookies, for the signed-in pages. */
async function signedInCookie(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function lighthouseBench(
  options: { only?: 'islands' | 'static' | 'profile' | 'workspace' | 'inbox' | 'wizard' } = {},
): Promise<Measurement[]> {
  const site = await startSite();
  const origin = site.origin;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const home = await (await fetch(`${origin}/`)).text();
    // The first featured contractor (not the account menu's template, which links to billing).
    const page = home.replace(/<template[\s\S]*?<\/template>/g, '');
    const profile = /href="(\/contractor\/[a-z0-9-]+)"/.exec(page)?.[1] ?? '/';
    const staticPages = [
      ['home', '/'],
      ['city-service', '/plumbing-dayton-ohio'],
      ['service', '/services/plumbing'],
      ['profile', profile],
      ['emergency', '/emergency/plumber'],
      ['service areas', '/service-areas'],
      ['article list', '/articles'],
      ['article', '/articles/how-to-choose-a-licensed-contractor-in-dayton'],
      ['AI sheet', '/ai'],
    ] as const;
    const workspace = [
      ['contractor dashboard', '/dashboard'],
      ['contractor billing', '/contractor/billing'],
    ] as const;
    const homeowner = await signedInCookie(origin, 'homeowner@example.com');
    // The homeowner's inbox (issue 25): My requests and its first request, signed in as the demo
    // homeowner (who has requests with quotes and messages).
    const list = await (await fetch(`${origin}/profile/requests`, { headers: { cookie: homeowner } })).text();
    const request = /href="(\/profile\/requests\/[0-9a-f-]{36})"/.exec(list)?.[1] ?? '/profile/requests';
    const inbox = [
      ['homeowner inbox', '/profile/requests'],
      ['homeowner request', request],
    ] as const;
    const pages =
      options.only === 'profile'
        ? [['profile', profile] as const]
        : options.only === 'wizard'
          ? [['island: quote wizard', '/quote-request'] as const]
          : options.only === 'workspace'
            ? workspace
            : options.only === 'inbox'
              ? inbox
              : [
                  ...(options.only === 'islands' ? [] : staticPages),
                  ...(options.only === 'static'
                    ? []
                    : ISLAND_PAGES.map(([label, path]) => [`island: ${label}`, path] as const)),
                  ...(options.only ? [] : inbox),
                ];
    const contractor = await signedInCookie(origin, 'contractor@example.com');
    const cookieFor = (pathname: string): string | null =>
      pathname === '/profile' || pathname.startsWith('/profile/requests')
        ? homeowner
        : workspace.some(([, p]) => p === pathname)
          ? contractor
          : null;
    const results: Measurement[] = [];
    const rounds = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    for (const [type, pathname] of pages) {
      const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const run = await lighthouse(`${origin}${pathname}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(cookieFor(pathname) ? { extraHeaders: { cookie: cookieFor(pathname)! } } : {}),
        });
        if (!run) throw new Error(`lighthouse returned nothing for ${pathname}`);
        if (run.lhr.finalDisplayedUrl !== `${origin}${pathname}`) {
          throw new Error(`${pathname} ended at ${run.lhr.finalDisplayedUrl}`);
        }
        runs.push(run);
      }
      const performance = (r: (typeof runs)[number]) => r.lhr.categories['performance']?.score ?? 0;
      runs.sort((a, b) => performance(a) - performance(b));
      const run = runs[Math.floor(runs.length / 2)]!;
      const scores = CATEGORIES.map((c) => Math.round((run.lhr.categories[c]?.score ?? 0) * 100));
      const tbt = run.lhr.audits['total-blocking-time']?.numericValue ?? NaN;
      const metric = (id: string) => run.lhr.audits[id]?.displayValue ?? '?';
      const timings = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, speed index ${metric('speed-index')}, CLS ${metric('cumulative-layout-shift')}`;
      const failing = Object.values(run.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => {
          const items = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
          const nodes = items.flatMap((i) => (i.node?.snippet ? [i.node.snippet] : [])).slice(0, 3);
          return nodes.length ? `${a.id} (${nodes.join(' ')})` : a.id;
        });
      results.push({
        name: `Lighthouse mobile, ${type} (${pathname})`,
        value: Math.min(...scores),
        unit: '',
        note: `performance ${scores[0]} (runs: ${runs.map((r) => Math.round(performance(r) * 100)).join(', ')}), accessibility ${scores[1]}, best practices ${scores[2]}, SEO ${scores[3]}; total blocking time ${Math.round(tbt)} ms (runs: ${runs.map((r) => Math.round(r.lhr.audits['total-blocking-time']?.numericValue ?? NaN)).join(', ')}); ${timings}${failing.length ? `; failing: ${failing.join(', ')}` : ''}`,
      });
    }
    return results;
  } finally {
    chrome.kill();
    site.stop();
  }
}

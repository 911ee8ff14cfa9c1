// Lighthouse (mobile, the default config) on one page of each type, against the built site
// served by the Node adapter with the demo data (scripts/e2e-server.ts), in Debian's Chromium.
import { spawn } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from '../scripts/lib/database.ts';
import { freePort } from '../scripts/lib/embedded-db.ts';
import type { Measurement } from './foundation.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export async function lighthouseBench(): Promise<Measurement[]> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/e2e-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), SITE_URL: origin },
    stdio: 'ignore',
    detached: true,
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    for (let waited = 0; ; waited += 500) {
      try {
        if ((await fetch(`${origin}/`)).ok) break;
      } catch {
        // still building
      }
      if (waited > 600_000) throw new Error('the site did not come up');
      await new Promise((r) => setTimeout(r, 500));
    }
    const home = await (await fetch(`${origin}/`)).text();
    // The first featured contractor (not the account menu's template, which links to billing).
    const page = home.replace(/<template[\s\S]*?<\/template>/g, '');
    const profile = /href="(\/contractor\/[a-z0-9-]+)"/.exec(page)?.[1] ?? '/';
    const pages = [
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
    const results: Measurement[] = [];
    for (const [type, pathname] of pages) {
      const run = await lighthouse(`${origin}${pathname}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!run) throw new Error(`lighthouse returned nothing for ${pathname}`);
      const scores = CATEGORIES.map((c) => Math.round((run.lhr.categories[c]?.score ?? 0) * 100));
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
        note: `performance ${scores[0]}, accessibility ${scores[1]}, best practices ${scores[2]}, SEO ${scores[3]}${failing.length ? `; failing: ${failing.join(', ')}` : ''}`,
      });
    }
    return results;
  } finally {
    chrome.kill();
    process.kill(-server.pid!, 'SIGINT');
  }
}

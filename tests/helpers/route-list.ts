// Every route of the site, read from the routes folder (src/pages) rather than written by hand, so
// a test that walks this list cannot forget a route added later: the authorization matrix and the
// API fuzzing are built on it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PAGES = path.resolve(import.meta.dirname, '../../src/pages');

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'ALL';

export interface SiteRoute {
  /** Path of the file, relative to the repository (src/pages/...). */
  file: string;
  /** The route as Astro names it: /api/admin/users/[id]/roles, /contractor/[slug], /admin/[...path]. */
  pattern: string;
  /** 'page' for .astro files, 'api' under /api, 'endpoint' for the other .ts files (robots.txt, sw.js). */
  kind: 'page' | 'api' | 'endpoint';
  /** HTTP methods the file exports (pages answer GET). */
  methods: Method[];
  /** Dynamic segments, in order: ['id'], ['slug'], ['...path']. */
  params: string[];
  /** True when the file opts out of prerendering (`export const prerender = false`). */
  onDemand: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

function patternOf(relative: string): string {
  const withoutExtension = relative.replace(/\.(astro|ts)$/, '');
  const segments = withoutExtension.split(path.sep).filter((segment) => segment !== 'index');
  return '/' + segments.join('/');
}

/** Every route under src/pages, sorted by pattern. */
export function siteRoutes(): SiteRoute[] {
  return walk(PAGES)
    .filter((file) => /\.(astro|ts)$/.test(file))
    .map((file): SiteRoute => {
      const relative = path.relative(PAGES, file);
      const source = readFileSync(file, 'utf8');
      const pattern = patternOf(relative);
      const isPage = file.endsWith('.astro');
      const methods = isPage
        ? (['GET'] as Method[])
        : [...source.matchAll(/^export const (GET|POST|PUT|DELETE|PATCH|ALL)\b/gm)].map(
            (m) => m[1] as Method,
          );
      return {
        file: path.join('src/pages', relative),
        pattern,
        kind: isPage ? 'page' : pattern.startsWith('/api/') ? 'api' : 'endpoint',
        methods,
        params: [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!),
        onDemand: /^export const prerender = false/m.test(source),
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The API routes, one entry per route and method. */
export function apiEndpoints(): { route: SiteRoute; method: Method }[] {
  return siteRoutes()
    .filter((r) => r.kind === 'api')
    .flatMap((r) => r.methods.map((method) => ({ route: r, method })));
}

/** Turns a pattern into a path with the given values for its dynamic segments. */
export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for [${name}] in ${pattern}`);
    return name.startsWith('...') ? value : encodeURIComponent(value);
  });
}

// Sitemaps split at the protocol's 50,000 URLs a file (issue 28, Must 6): the sitemap integration
// as astro.config.mjs sets it up, given 120,001 built pages, writes three files (50,000, 50,000
// and 20,001 URLs) and an index naming the three.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap from '@astrojs/sitemap';
import { afterAll, expect, it } from 'vitest';
import { SITEMAP_URL_LIMIT } from '../../src/domain/site-pages.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The integration's hooks as Astro calls them at the end of a build. */
type Hook = (options: Record<string, unknown>) => Promise<void> | void;

it('splits 120,001 pages into files of at most 50,000 URLs, all in the index', async () => {
  expect(SITEMAP_URL_LIMIT).toBe(50_000);
  // The site's build sets the integration up with it.
  const config = await readFile(path.join(import.meta.dirname, '..', '..', 'astro.config.mjs'), 'utf8');
  expect(config).toMatch(/sitemap\(\{[^)]*entryLimit: SITEMAP_URL_LIMIT/);
  const dir = await mkdtemp(path.join(tmpdir(), 'sitemap-'));
  dirs.push(dir);
  const hooks = sitemap({ entryLimit: SITEMAP_URL_LIMIT }).hooks as Record<string, Hook>;
  const logger = {
    info: () => {},
    warn: (m: string) => expect.fail(m),
    error: (m: string) => expect.fail(m),
  };
  await hooks['astro:routes:resolved']!({ routes: [] });
  await hooks['astro:config:done']!({
    config: {
      site: 'https://example.com',
      base: '/',
      trailingSlash: 'ignore',
      build: { format: 'directory' },
    },
  });
  const pages = Array.from({ length: 120_001 }, (_, i) => ({ pathname: `page-${i}/` }));
  await hooks['astro:build:done']!({ dir: pathToFileURL(`${dir}/`), pages, logger });

  const files = (await readdir(dir)).sort();
  expect(files).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-index.xml']);
  const urls = async (file: string) =>
    ((await readFile(path.join(dir, file), 'utf8')).match(/<url>/g) ?? []).length;
  expect(await urls('sitemap-0.xml')).toBe(50_000);
  expect(await urls('sitemap-1.xml')).toBe(50_000);
  expect(await urls('sitemap-2.xml')).toBe(20_001);
  const index = await readFile(path.join(dir, 'sitemap-index.xml'), 'utf8');
  for (const n of [0, 1, 2]) expect(index).toContain(`https://example.com/sitemap-${n}.xml`);
  // Writing 120,001 URLs takes 2-5 s on a busy machine, beyond the unit tests' 5 s default.
}, 30_000);

// Reads and validates the catalog in content/. Any file that breaks its schema, or a
// cross-reference that does not resolve, throws with the file and the reason.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parseFrontmatter } from '../../../domain/frontmatter.ts';
import {
  FIXED_SERVICE_SLUGS,
  ZCatalogArticle,
  ZCatalogEmergencyService,
  ZCatalogService,
  ZCatalogServiceArea,
  type TCatalogArticle,
  type TCatalogEmergencyService,
  type TCatalogService,
  type TCatalogServiceArea,
} from '../../../schemas/catalog.ts';

export const CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../content');

export interface Catalog {
  services: TCatalogService[];
  serviceAreas: TCatalogServiceArea[];
  emergencyServices: TCatalogEmergencyService[];
  articles: TCatalogArticle[];
}

async function readJson<T>(dir: string, file: string, schema: z.ZodType<T>): Promise<T[]> {
  const raw: unknown = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  const parsed = z.array(schema).safeParse(raw);
  if (!parsed.success) throw new Error(`content/${file} is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function assertUnique(file: string, label: string, values: string[]): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new Error(`content/${file}: duplicate ${label} "${v}"`);
    seen.add(v);
  }
}

async function readArticles(dir: string): Promise<TCatalogArticle[]> {
  const folder = path.join(dir, 'articles');
  const files = (await readdir(folder)).filter((f) => f.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => {
      const { data, body } = parseFrontmatter(await readFile(path.join(folder, file), 'utf8'));
      const parsed = ZCatalogArticle.safeParse({ ...data, body });
      if (!parsed.success)
        throw new Error(`content/articles/${file} is invalid:\n${z.prettifyError(parsed.error)}`);
      if (`${parsed.data.slug}.md` !== file)
        throw new Error(`content/articles/${file}: slug must match the file name`);
      return parsed.data;
    }),
  );
}

export async function loadCatalog(dir: string = CONTENT_DIR): Promise<Catalog> {
  const [services, serviceAreas, emergencyServices, articles] = await Promise.all([
    readJson(dir, 'services.json', ZCatalogService),
    readJson(dir, 'service-areas.json', ZCatalogServiceArea),
    readJson(dir, 'emergency-services.json', ZCatalogEmergencyService),
    readArticles(dir),
  ]);

  assertUnique(
    'services.json',
    'slug',
    services.map((s) => s.slug),
  );
  assertUnique(
    'services.json',
    'name',
    services.map((s) => s.name),
  );
  const serviceSlugs = new Set(services.map((s) => s.slug));
  const missing = FIXED_SERVICE_SLUGS.filter((slug) => !serviceSlugs.has(slug));
  if (missing.length)
    throw new Error(`content/services.json lacks the fixed services: ${missing.join(', ')}`);

  assertUnique(
    'service-areas.json',
    'slug',
    serviceAreas.map((a) => a.slug),
  );

  const emergencySlugs = emergencyServices.map((e) => e.slug);
  assertUnique('emergency-services.json', 'slug or alias', [
    ...emergencySlugs,
    ...emergencyServices.flatMap((e) => e.aliases),
  ]);
  for (const e of emergencyServices) {
    if (!serviceSlugs.has(e.serviceSlug)) {
      throw new Error(`content/emergency-services.json: ${e.slug} names unknown service "${e.serviceSlug}"`);
    }
  }

  assertUnique(
    'articles',
    'slug',
    articles.map((a) => a.slug),
  );
  for (const a of articles) {
    if (a.service && !serviceSlugs.has(a.service)) {
      throw new Error(`content/articles/${a.slug}.md names unknown service "${a.service}"`);
    }
  }
  return { services, serviceAreas, emergencyServices, articles };
}

// The real content/ must load; broken content must fail with a message naming the file.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_DIR, loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { FIXED_SERVICE_SLUGS, ZCatalogServiceArea } from '../../src/schemas/catalog.ts';

describe('the catalog in content/', async () => {
  const catalog = await loadCatalog();

  it('has 30 services including the 17 fixed slugs, 8 popular', () => {
    expect(catalog.services).toHaveLength(30);
    const slugs = catalog.services.map((s) => s.slug);
    for (const slug of FIXED_SERVICE_SLUGS) expect(slugs).toContain(slug);
    expect(catalog.services.filter((s) => s.isPopular)).toHaveLength(8);
  });

  it('has the 25 service areas in three counties', () => {
    expect(catalog.serviceAreas).toHaveLength(25);
    const byCounty = Object.groupBy(catalog.serviceAreas, (a) => a.county);
    expect(byCounty.Montgomery).toHaveLength(14);
    expect(byCounty.Greene).toHaveLength(6);
    expect(byCounty.Warren).toHaveLength(5);
  });

  it('refuses a service area outside the 50 km around Dayton', () => {
    const kettering = catalog.serviceAreas.find((a) => a.slug === 'kettering')!;
    expect(ZCatalogServiceArea.safeParse(kettering).success).toBe(true);
    const sidney = { ...kettering, latitude: 40.3, longitude: -84.16 };
    expect(ZCatalogServiceArea.safeParse(sidney).error?.issues[0]?.message).toBe(
      'must lie within 50 km of Dayton (the service area)',
    );
  });

  it('has the 10 emergency services, each tied to a catalog service', () => {
    expect(catalog.emergencyServices.map((e) => e.slug)).toEqual([
      'plumber',
      'hvac-repair',
      'electrician',
      'water-damage-restoration',
      'roof-repair',
      'glass-repair',
      'locksmith',
      'garage-door-repair',
      'drain-cleaning',
      'appliance-repair',
    ]);
  });

  it('has at least 6 articles with substantial bodies', () => {
    expect(catalog.articles.length).toBeGreaterThanOrEqual(6);
    for (const a of catalog.articles) expect(a.body.split(/\s+/).length).toBeGreaterThan(600);
  });
});

describe('invalid content', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function copyWith(file: string, edit: (text: string) => string): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), 'catalog-'));
    await cp(CONTENT_DIR, dir, { recursive: true });
    const target = path.join(dir, file);
    await writeFile(target, edit(await readFile(target, 'utf8')));
    return dir;
  }

  it('names the file and field of a schema error', async () => {
    const bad = await copyWith('services.json', (t) =>
      t.replace('"priceUnit": "', '"priceUnit": "per-banana-'),
    );
    await expect(loadCatalog(bad)).rejects.toThrow(/content\/services\.json is invalid[\s\S]*priceUnit/);
  });

  it('rejects an emergency service pointing at an unknown service', async () => {
    const bad = await copyWith('emergency-services.json', (t) =>
      t.replace('"serviceSlug": "plumbing"', '"serviceSlug": "alchemy"'),
    );
    await expect(loadCatalog(bad)).rejects.toThrow(/unknown service "alchemy"/);
  });

  it('rejects an article whose slug differs from its file name', async () => {
    const bad = await copyWith('articles/new-roof-cost-dayton.md', (t) =>
      t.replace('slug: new-roof-cost-dayton', 'slug: other-slug'),
    );
    await expect(loadCatalog(bad)).rejects.toThrow(/slug must match the file name/);
  });

  it('rejects HTML in plain-text fields', async () => {
    const bad = await copyWith('service-areas.json', (t) =>
      t.replace('"name": "Dayton"', '"name": "<b>Dayton</b>"'),
    );
    await expect(loadCatalog(bad)).rejects.toThrow(/plain text/);
  });
});

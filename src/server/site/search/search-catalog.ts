// Services and service areas for the search endpoints, read once and kept for 5 minutes:
// category names and the gazetteer change only when an admin edits the catalog.
import type { Place } from '../../../domain/gazetteer.ts';
import type { Sql } from '../../platform/db/client.ts';
import { SEARCH_CATALOG_TTL_MS } from '../site-rules.ts';

export interface SearchCatalog {
  services: { slug: string; name: string; category: string }[];
  places: Place[];
  loadedAt: number;
}

let cached: Promise<SearchCatalog> | undefined;
let cachedAt = 0;

async function load(sql: Sql): Promise<SearchCatalog> {
  const [services, places] = await Promise.all([
    sql<SearchCatalog['services']>`select slug, name, category from services order by name`,
    sql<
      Place[]
    >`select slug, name, zip_codes as "zipCodes", latitude, longitude from service_areas order by name`,
  ]);
  return { services: [...services], places: [...places], loadedAt: Date.now() };
}

export function searchCatalog(sql: Sql): Promise<SearchCatalog> {
  if (!cached || Date.now() - cachedAt > SEARCH_CATALOG_TTL_MS) {
    cachedAt = Date.now();
    cached = load(sql).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  }
  return cached;
}

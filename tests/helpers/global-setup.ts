// Integration suite setup: one migrated database with the catalog loaded, shared by all
// test files (each test makes its own rows with the factories).
import type { TestProject } from 'vitest/node';
import { loadCatalog } from '../../src/server/site/catalog/load-catalog.ts';
import { upsertCatalog } from '../../src/server/site/catalog/upsert-catalog.ts';
import { createSql } from '../../src/server/platform/db/client.ts';
import { createTestDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: 'pglite' | 'postgres';
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase();
  const sql = createSql(database.url, { max: 1 });
  await upsertCatalog(sql, await loadCatalog());
  await sql.end();
  project.provide('databaseUrl', database.url);
  project.provide('databaseKind', database.kind);
  console.log(`integration tests on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
  return () => database.drop();
}

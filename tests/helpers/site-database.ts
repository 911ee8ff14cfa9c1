// The browser tests' server's own database (scripts/e2e-server.ts writes its URL), for the few
// steps a browser test plays as someone with no screen yet: an admin approving a registration.
// One connection, one transaction, closed at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSql, type TransactionSql } from '../../src/server/platform/db/client.ts';

/** The URL of the database of the browser tests' server at `baseURL`. */
export function siteDatabaseUrl(baseURL: string): string {
  const port = new URL(baseURL).port;
  return readFileSync(path.resolve('.scratch', `e2e-database-${port}.url`), 'utf8').trim();
}

export async function withSiteDatabase<T>(
  baseURL: string,
  use: (tx: TransactionSql) => Promise<T>,
): Promise<T> {
  const sql = createSql(siteDatabaseUrl(baseURL), { max: 1 });
  try {
    return (await sql.begin((tx) => use(tx))) as T;
  } finally {
    await sql.end();
  }
}

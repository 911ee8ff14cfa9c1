// The browser tests' server's own database (scripts/e2e-server.ts writes its URL), for the few
// steps a browser test plays as someone with no screen yet: an admin approving a registration.
// One connection, one transaction, closed at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSql, type TransactionSql } from '../../src/server/db/client.ts';

export async function withSiteDatabase<T>(
  baseURL: string,
  use: (tx: TransactionSql) => Promise<T>,
): Promise<T> {
  const port = new URL(baseURL).port;
  const url = readFileSync(path.resolve('.scratch', `e2e-database-${port}.url`), 'utf8').trim();
  const sql = createSql(url, { max: 1 });
  try {
    return (await sql.begin((tx) => use(tx))) as T;
  } finally {
    await sql.end();
  }
}

// Opens the project's database for a script: DATABASE_URL when set, otherwise the embedded
// PGlite in .data/pglite (started here, or reused when another `npm start`/`npm run db:server`
// already serves that same data directory; any other server on the port stops the script).
// Sets DATABASE_URL and EMBEDDED_DB for child processes.
import path from 'node:path';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { DEFAULT_EMBEDDED_PORT, ForeignDatabaseError, openEmbeddedDb } from './embedded-db.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
export const PGLITE_DIR = path.join(DATA_DIR, 'pglite');
export const UPLOADS_DIR = process.env.UPLOADS_DIR ?? path.join(DATA_DIR, 'uploads');

export interface OpenDatabase {
  url: string;
  embedded: boolean;
  /** True when this process started the embedded server (and stops it on close). */
  owner: boolean;
  sql: Sql;
  close(): Promise<void>;
}

export function embeddedPort(): number {
  return Number(process.env.EMBEDDED_DB_PORT ?? DEFAULT_EMBEDDED_PORT);
}

export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

export async function openDatabase(): Promise<OpenDatabase> {
  const external =
    process.env.DATABASE_URL && process.env.EMBEDDED_DB !== '1' ? process.env.DATABASE_URL : undefined;
  if (external) {
    const sql = createSql(external, { max: 4 });
    return { url: external, embedded: false, owner: false, sql, close: () => sql.end({ timeout: 5 }) };
  }
  const { url, owner, stop } = await openEmbeddedDb({ dataDir: PGLITE_DIR, port: embeddedPort() }).catch(
    (error: unknown) => {
      if (!(error instanceof ForeignDatabaseError)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );
  process.env.DATABASE_URL = url;
  process.env.EMBEDDED_DB = '1';
  const sql = createSql(url, { max: 1 });
  return {
    url,
    embedded: true,
    owner,
    sql,
    async close() {
      await sql.end({ timeout: 5 });
      await stop();
    },
  };
}

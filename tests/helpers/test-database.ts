// Test databases. With TEST_DATABASE_URL (a local PostgreSQL only) each call creates a new,
// uniquely named database there; without it each call starts an in-memory PGlite served on
// a free port. Either way the migrations are applied and a drop() removes it.
import { createSql } from '../../src/server/platform/db/client.ts';
import { isLocalDatabaseUrl } from '../../src/server/platform/db/local-url.ts';
import { migrate } from '../../src/server/platform/db/migrate.ts';
import { freePort, startEmbeddedDb } from '../../scripts/lib/embedded-db.ts';

export interface TestDatabase {
  url: string;
  kind: 'pglite' | 'postgres';
  drop(): Promise<void>;
}

let counter = 0;

function assertLocal(url: string): void {
  if (!isLocalDatabaseUrl(url)) {
    throw new Error(`Refusing to run tests against a non-local database: ${new URL(url).hostname}`);
  }
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = process.env['TEST_DATABASE_URL'];
  let db: TestDatabase;
  if (admin) {
    assertLocal(admin);
    const name = `test_${process.pid}_${Date.now()}_${(counter += 1)}`;
    // One connection, given explicitly: the pool's default size would read the server's
    // configuration, and this process's configuration must not be read (and kept) before the
    // test has pointed DATABASE_URL at the new database.
    const root = createSql(admin, { max: 1 });
    await root.unsafe(`create database ${name}`);
    await root.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    db = {
      url: url.href,
      kind: 'postgres',
      async drop() {
        const sql = createSql(admin, { max: 1 });
        await sql.unsafe(`drop database if exists ${name} with (force)`);
        await sql.end();
      },
    };
  } else {
    const server = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
    db = { url: server.url, kind: 'pglite', drop: () => server.stop() };
  }
  if (options.migrate !== false) {
    const sql = createSql(db.url, { max: 1 });
    await migrate(sql);
    await sql.end();
  }
  return db;
}

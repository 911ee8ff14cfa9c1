// npm run db:reset: throws away the local database and builds it again (migrate + seed).
// Embedded: deletes .data/pglite. DATABASE_URL: only a local database, and it drops the
// public schema; a remote database is refused.
import { rm } from 'node:fs/promises';
import { isLocalDatabaseUrl } from '../src/server/platform/db/local-url.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { embeddedPort, openDatabase, PGLITE_DIR } from './lib/database.ts';
import { portInUse } from './lib/embedded-db.ts';
import { seed } from './lib/seed.ts';

const external = process.env.DATABASE_URL;
if (external) {
  if (!isLocalDatabaseUrl(external)) {
    console.error('db:reset refuses a non-local DATABASE_URL: it would drop every table there.');
    process.exit(1);
  }
} else {
  if (await portInUse(embeddedPort())) {
    console.error('The embedded database is in use (npm start, npm run dev or db:server). Stop it first.');
    process.exit(1);
  }
  await rm(PGLITE_DIR, { recursive: true, force: true });
}

const database = await openDatabase();
try {
  if (!database.embedded) {
    await database.sql.unsafe('drop schema public cascade; create schema public;').simple();
  }
  const { applied } = await migrate(database.sql);
  const result = await seed(database.sql, { demo: database.embedded || process.argv.includes('--demo') });
  console.log(
    `Reset: ${applied.length} migrations applied; demo data: ${typeof result.demo === 'string' ? result.demo : `${result.demo.businesses} businesses`}.`,
  );
} finally {
  await database.close();
}

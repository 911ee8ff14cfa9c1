// npm run db:restore -- <file> [--force]: replaces the embedded database (.data/pglite) with a
// backup made by npm run db:backup. Refuses while the database is in use, and over a database
// that holds anything unless --force. For PostgreSQL use pg_restore: see the README's "Backups".
import path from 'node:path';
import { BackupError, restoreEmbedded } from './lib/backup.ts';
import { embeddedPort, PGLITE_DIR } from './lib/database.ts';

if (process.env.DATABASE_URL && process.env.EMBEDDED_DB !== '1') {
  console.error(
    'DATABASE_URL is set: db:restore restores the embedded database only. Use pg_restore (README, "Backups").',
  );
  process.exit(1);
}
const args = process.argv.slice(2);
const argument = args.find((a) => !a.startsWith('--'));
if (!argument) {
  console.error('Which backup? npm run db:restore -- backups/pglite-<time>.tar.gz [--force]');
  process.exit(1);
}
const file = path.resolve(argument);
const started = performance.now();
/** A path as typed relative to here when it is below here, else in full. */
const shown = (p: string) =>
  path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p);
try {
  const result = await restoreEmbedded({
    dataDir: PGLITE_DIR,
    port: embeddedPort(),
    file,
    force: args.includes('--force'),
  });
  const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored ${shown(file)} into ${PGLITE_DIR}` +
      `${result.replaced ? ' (the database that was there is gone)' : ''}: ${result.tables.length} tables, ` +
      `${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}

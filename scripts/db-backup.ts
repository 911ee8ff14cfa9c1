// npm run db:backup [-- <file>]: writes the embedded database (.data/pglite) to a file, by default
// a timestamped one under backups/ (git-ignored). Refuses while the database is in use (npm start,
// npm run dev, db:server). For PostgreSQL use pg_dump: see the README's "Backups".
import path from 'node:path';
import { backupEmbedded, BackupError, defaultBackupFile } from './lib/backup.ts';
import { embeddedPort, PGLITE_DIR, ROOT } from './lib/database.ts';

if (process.env.DATABASE_URL && process.env.EMBEDDED_DB !== '1') {
  console.error(
    'DATABASE_URL is set: db:backup backs up the embedded database only. Use pg_dump (README, "Backups").',
  );
  process.exit(1);
}
const argument = process.argv.slice(2).find((a) => !a.startsWith('--'));
const file = argument ? path.resolve(argument) : defaultBackupFile(ROOT);
const started = performance.now();
/** A path as typed relative to here when it is below here, else in full. */
const shown = (p: string) =>
  path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p);
try {
  const result = await backupEmbedded({ dataDir: PGLITE_DIR, port: embeddedPort(), file });
  const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backed up ${PGLITE_DIR} to ${shown(result.file)}: ` +
      `${result.tables.length} tables, ${rows} rows, ${(result.bytes / 1024 / 1024).toFixed(1)} MB ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}

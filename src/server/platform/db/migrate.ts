// Applies supabase/migrations/*.sql in file-name order, once each, then installs the job queue
// (jobs/queue.ts). Applied versions are
// recorded with a checksum, so a second run is a no-op and an edited, already-applied
// migration is refused rather than silently skipped.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { installQueues } from '../queue/queue.ts';
import { QUEUES } from '../queue/queues.ts';
import type { Sql } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../../supabase/migrations');

/** Advisory lock key that serialises migration runners. */
const LOCK_KEY = 7254001;

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(dir, file), 'utf8');
      const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_');
      return { version, name: rest.join('_'), sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export async function migrate(sql: Sql, dir: string = MIGRATIONS_DIR): Promise<MigrationResult> {
  const migrations = await readMigrations(dir);
  // Under the same lock as the migrations: two runners creating the table at once would
  // collide in PostgreSQL's catalog even with IF NOT EXISTS.
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`
      create table if not exists schema_migrations (
        version    text primary key,
        name       text not null,
        checksum   text not null,
        applied_at timestamptz not null default now()
      )`;
  });
  const result: MigrationResult = { applied: [], skipped: [] };
  for (const m of migrations) {
    const done = await sql.begin(async (tx) => {
      // Serialises concurrent runners: the second waits, then sees the row and skips.
      await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
      const [row] = await tx<{ checksum: string }[]>`
        select checksum from schema_migrations where version = ${m.version}`;
      if (row) {
        if (row.checksum !== m.checksum) {
          throw new Error(
            `Migration ${m.version}_${m.name}.sql was changed after it was applied. ` +
              'Add a new migration instead of editing an applied one.',
          );
        }
        return false;
      }
      await tx.unsafe(m.sql).simple();
      await tx`insert into schema_migrations (version, name, checksum) values (${m.version}, ${m.name}, ${m.checksum})`;
      return true;
    });
    (done ? result.applied : result.skipped).push(`${m.version}_${m.name}`);
  }
  // Then the job queue's own schema (pg-boss migrates it, under its own lock) and our queues.
  await installQueues(sql, QUEUES);
  return result;
}

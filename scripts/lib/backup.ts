// Backups of the embedded database (PGlite in .data/pglite): `npm run db:backup` and
// `npm run db:restore`. A backup is PGlite's own dump of its data directory (dumpDataDir: a
// gzipped tar of the PostgreSQL cluster's files, taken with the database open and quiet), so a
// restore gives back the same cluster, byte for byte, with every schema, extension and sequence.
// See decisions.md ("Hardening (issue 17): authorization matrix and backups") for why this and not
// pg_dump. Only scripts and tests import this file.
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { portInUse } from './embedded-db.ts';

/** Why a backup or restore was refused; the message says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** One table's rows: how many, and an md5 of them all in a fixed order. */
export interface TableDigest {
  table: string;
  rows: number;
  md5: string;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Every table of the database outside PostgreSQL's own schemas, with its row count and an md5 of
 * its rows as text, sorted, so two databases with the same rows give the same digests.
 */
export async function tableDigests(query: Query): Promise<TableDigest[]> {
  const { rows: tables } = await query(`
    select format('%I.%I', table_schema, table_name) as name
      from information_schema.tables
     where table_type = 'BASE TABLE'
       and table_schema not in ('pg_catalog', 'information_schema')
       and table_schema not like 'pg\\_%'
     order by 1`);
  const digests: TableDigest[] = [];
  for (const { name } of tables as { name: string }[]) {
    const { rows } = await query(
      `select count(*)::int as rows,
              coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as md5
         from ${name} t`,
    );
    const row = rows[0] as { rows: number; md5: string };
    digests.push({ table: name, rows: row.rows, md5: row.md5 });
  }
  return digests;
}

/** A timestamped file under backups/: backups/pglite-20261123T201500Z.tar.gz. */
export function defaultBackupFile(root: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join(root, 'backups', `pglite-${stamp}.tar.gz`);
}

function isNonEmptyDir(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length > 0;
}

/** Refuses while a server holds the data directory: PGlite's files take one process at a time. */
async function refuseInUse(port: number, what: string): Promise<void> {
  if (await portInUse(port)) {
    throw new BackupError(
      `The embedded database is in use (something listens on 127.0.0.1:${port}: npm start, npm run dev ` +
        `or npm run db:server). Stop it first: ${what} needs the data directory to itself.`,
    );
  }
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) });
}

export interface BackupResult {
  file: string;
  bytes: number;
  tables: TableDigest[];
}

/** Writes the data directory's dump to `file` (its folder made if need be). */
export async function backupEmbedded(options: {
  dataDir: string;
  port: number;
  file: string;
}): Promise<BackupResult> {
  if (!isNonEmptyDir(options.dataDir)) {
    throw new BackupError(`There is no embedded database in ${options.dataDir} to back up.`);
  }
  await refuseInUse(options.port, 'a backup');
  const pg = await openPglite(options.dataDir);
  let dump: Blob;
  let tables: TableDigest[];
  try {
    tables = await tableDigests((text) => pg.query(text));
    dump = await pg.dumpDataDir('gzip');
  } finally {
    await pg.close();
  }
  const bytes = Buffer.from(await dump.arrayBuffer());
  await mkdir(path.dirname(options.file), { recursive: true });
  // Written beside the target and renamed, so a cut-short backup never looks like a whole one.
  const partial = `${options.file}.partial`;
  await writeFile(partial, bytes);
  renameSync(partial, options.file);
  return { file: options.file, bytes: bytes.length, tables };
}

export interface RestoreResult {
  tables: TableDigest[];
  /** Where the data directory that was replaced was removed from (null when there was none). */
  replaced: boolean;
}

/**
 * Loads the dump in `file` into `dataDir`. Refuses while the database is in use, and over a
 * non-empty data directory unless `force`. The dump is loaded into a fresh folder beside the
 * data directory first and switched to only once PostgreSQL has opened it and every table has
 * been read, so a bad file leaves the old database as it was.
 */
export async function restoreEmbedded(options: {
  dataDir: string;
  port: number;
  file: string;
  force: boolean;
}): Promise<RestoreResult> {
  if (!existsSync(options.file)) throw new BackupError(`No backup file at ${options.file}.`);
  await refuseInUse(options.port, 'a restore');
  const replacing = isNonEmptyDir(options.dataDir);
  if (replacing && !options.force) {
    throw new BackupError(
      `${options.dataDir} already holds a database. Restoring replaces all of it: run again with --force ` +
        `(npm run db:restore -- ${options.file} --force), or back it up first (npm run db:backup).`,
    );
  }
  const incoming = `${options.dataDir}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  const blob = new Blob([await readFile(options.file)]);
  let tables: TableDigest[];
  try {
    const pg = await openPglite(incoming, blob);
    try {
      tables = await tableDigests((text) => pg.query(text));
    } finally {
      await pg.close();
    }
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw new BackupError(`${options.file} is not a backup this can restore: ${(error as Error).message}`);
  }
  const old = `${options.dataDir}.replaced`;
  if (replacing) {
    await rm(old, { recursive: true, force: true });
    renameSync(options.dataDir, old);
  } else {
    await rm(options.dataDir, { recursive: true, force: true });
  }
  renameSync(incoming, options.dataDir);
  if (replacing) await rm(old, { recursive: true, force: true });
  return { tables, replaced: replacing };
}

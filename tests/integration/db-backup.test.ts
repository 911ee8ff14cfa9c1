// npm run db:backup and npm run db:restore, end to end through the scripts themselves: the demo
// database is seeded into a throwaway data directory, backed up, restored into a fresh one, and
// every table's rows (count and md5 of the sorted rows) compared. The scripts refuse a database in
// use, a non-empty one without --force, and a file that is not a backup (leaving the database as
// it was).
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreEmbedded, tableDigests, type TableDigest } from '../../scripts/lib/backup.ts';
import { freePort, startEmbeddedDb } from '../../scripts/lib/embedded-db.ts';
import { createSql } from '../../src/server/platform/db/client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch: string[] = [];

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'db-backup-'));
  scratch.push(dir);
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one of the npm scripts' files with the embedded database in `dataDir`/pglite on `port`. */
function run(script: string, args: string[], dataDir: string, port: number): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(port) };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_DB;
  delete env.TEST_DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [`scripts/${script}.ts`, ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every table's digest, read through a server on the data directory (stopped afterwards). */
async function digestsOf(dataDir: string): Promise<TableDigest[]> {
  const server = await startEmbeddedDb({ dataDir: path.join(dataDir, 'pglite'), port: await freePort() });
  const sql = createSql(server.url, { max: 1 });
  try {
    return await tableDigests(async (text) => ({ rows: await sql.unsafe(text) }));
  } finally {
    await sql.end({ timeout: 5 });
    await server.stop();
  }
}

describe('backups of the embedded database', () => {
  it(
    'restores every row of the demo database into a fresh data directory',
    { timeout: 240_000 },
    async () => {
      const source = await scratchDir();
      const port = await freePort();
      const seeded = await run('db-seed', [], source, port);
      expect(seeded.code, seeded.stderr).toBe(0);
      expect(seeded.stdout).toContain('quote requests sold');
      const before = await digestsOf(source);

      // In use: a server holds the data directory, so neither script touches it.
      const server = await startEmbeddedDb({ dataDir: path.join(source, 'pglite'), port });
      const file = path.join(await scratchDir(), 'demo.tar.gz');
      try {
        const busy = await run('db-backup', [file], source, port);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toContain('The embedded database is in use');
        expect(existsSync(file)).toBe(false);
        const busyRestore = await run('db-restore', [file, '--force'], source, port);
        expect(busyRestore.code).toBe(1);
      } finally {
        await server.stop();
      }

      const backup = await run('db-backup', [file], source, port);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/Backed up .* tables, \d+ rows, [\d.]+ MB in [\d.]+ s\./);
      expect(statSync(file).size).toBeGreaterThan(0);

      const target = await scratchDir();
      const restored = await run('db-restore', [file], target, port);
      expect(restored.code, restored.stderr).toBe(0);
      const after = await digestsOf(target);

      // Every table, with the same rows: the demo leads, mails and payments among them.
      expect(after).toEqual(before);
      const rows = (table: string) => before.find((t) => t.table === table)?.rows ?? 0;
      expect(rows('public.leads')).toBeGreaterThan(0);
      expect(rows('public.lead_distributions')).toBeGreaterThan(0);
      expect(rows('public.mail_outbox')).toBeGreaterThan(0);
      expect(rows('public.payment_transactions')).toBeGreaterThan(0);
      console.log(
        `backup round trip: ${after.length} tables, ${after.reduce((s, t) => s + t.rows, 0)} rows, ` +
          `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB; ${backup.stdout.trim().split('\n').at(-1)}; ` +
          `${restored.stdout.trim().split('\n').at(-1)}`,
      );

      // A database already there is replaced only with --force.
      const again = await run('db-restore', [file], target, port);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds a database');
      expect(again.stderr).toContain('--force');

      // A file that is not a backup: refused, and the database stays as it was.
      const bad = path.join(target, 'not-a-backup.tar.gz');
      await writeFile(bad, 'not a backup');
      await expect(
        restoreEmbedded({
          dataDir: path.join(target, 'pglite'),
          port: await freePort(),
          file: bad,
          force: true,
        }),
      ).rejects.toThrow('is not a backup this can restore');
      expect(await digestsOf(target)).toEqual(before);
    },
  );
});

// Shared by the benchmark groups: timing, percentiles and a local PostgreSQL to measure on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSql, type Sql } from '../src/server/platform/db/client.ts';
import { migrate } from '../src/server/platform/db/migrate.ts';
import { ROOT } from '../scripts/lib/database.ts';
import { freePort } from '../scripts/lib/embedded-db.ts';

export function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

export async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * Runs `use` with the URL of a local PostgreSQL server's admin database: BENCH_DATABASE_URL
 * when set, otherwise a throwaway cluster from the machine's own binaries, stopped afterwards.
 */
export async function withPostgres<T>(use: (adminUrl: string) => Promise<T>): Promise<T> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return use(given);
  const script = path.join(ROOT, 'scripts/ci/postgres.sh');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  const adminUrl = execFileSync('bash', [script, 'start', dir, String(await freePort())], {
    encoding: 'utf8',
  }).trim();
  try {
    return await use(adminUrl);
  } finally {
    execFileSync('bash', [script, 'stop', dir]);
  }
}

/** A fresh database `name` on the server at adminUrl, migrated, open with `max` connections. */
export async function freshDatabase(adminUrl: string, name: string, max: number): Promise<Sql> {
  const admin = createSql(adminUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = createSql(url.href, { max });
  await migrate(sql);
  return sql;
}

/**
 * The built site with the demo data (scripts/e2e-server.ts: a fresh embedded database, a build
 * into dist-e2e/, our Node server) on a free port; stop() ends it. Shared by the browser benches.
 */
export async function startSite(): Promise<{ origin: string; stop: () => void }> {
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/e2e-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), SITE_URL: origin },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGINT');
    } catch {
      // already gone
    }
  };
  for (let waited = 0; ; waited += 500) {
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // still building
    }
    if (waited > 600_000 || server.exitCode !== null) {
      stop();
      throw new Error('the site did not come up');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, stop };
}

/** Chromium flags for the benches: no background traffic on this machine's closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

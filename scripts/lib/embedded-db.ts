// The embedded PostgreSQL: PGlite (Postgres compiled to WASM) on disk, served on
// 127.0.0.1 by pglite-socket so the app talks to it with the ordinary postgres driver.
// Only scripts and tests import this file: PGlite must never reach the server bundle.
//
// A data directory may be opened by one process only, so a second script reuses the server
// already listening on the port. Only if that server is this data directory's own: each data
// directory holds a random id, in a file beside PGlite's own and in the database itself, and a
// server whose database holds another id (or none, or that is not PostgreSQL) is refused rather
// than migrated, seeded or reset as if it were ours.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createSql } from '../../src/server/db/client.ts';

export const DEFAULT_EMBEDDED_PORT = 54329;

export interface EmbeddedDb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function embeddedUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free TCP port on 127.0.0.1, picked by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts PGlite with its data in `dataDir` (or in memory for 'memory://') and serves it
 * on 127.0.0.1:port. Connections are multiplexed onto PGlite's single backend; a
 * transaction holds the backend until it ends, so transactions stay isolated.
 */
export async function startEmbeddedDb(options: { dataDir: string; port: number }): Promise<EmbeddedDb> {
  const onDisk = options.dataDir !== 'memory://';
  if (onDisk) mkdirSync(options.dataDir, { recursive: true });
  const pg = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  if (onDisk) await stampIdentity(pg, options.dataDir);
  const server = new PGLiteSocketServer({
    db: pg,
    host: '127.0.0.1',
    port: options.port,
    maxConnections: 64,
  });
  await server.start();
  let stopped = false;
  return {
    url: embeddedUrl(options.port),
    port: options.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await pg.close();
    },
  };
}

/** The file in a data directory that holds its id (PGlite ignores files it does not know). */
export const IDENTITY_FILE = 'embedded-db-id';

/**
 * Gives a data directory its id, in the database (a schema of the launcher's own, outside the
 * migrations) and in IDENTITY_FILE. Called only by the process that opened the directory itself,
 * so the two are the same database; an id the database already has is kept (a directory made
 * before ids existed gets one here).
 */
async function stampIdentity(pg: PGlite, dataDir: string): Promise<void> {
  await pg.exec(`
    create schema if not exists embedded_db;
    create table if not exists embedded_db.identity (id text primary key);`);
  let id = (await pg.query<{ id: string }>('select id from embedded_db.identity limit 1')).rows[0]?.id;
  if (!id) {
    id = randomUUID();
    await pg.query('insert into embedded_db.identity (id) values ($1)', [id]);
  }
  writeFileSync(path.join(dataDir, IDENTITY_FILE), `${id}\n`);
}

/** Why a server on the embedded database's port is not this data directory's own. */
export class ForeignDatabaseError extends Error {
  override name = 'ForeignDatabaseError';
}

/** Longest wait for the server on the port to answer who it is. */
const IDENTIFY_TIMEOUT_MS = 5_000;

/**
 * Refuses (ForeignDatabaseError, naming the port and what to do) unless the server listening on
 * 127.0.0.1:port is the embedded database of `dataDir`.
 */
export async function checkEmbeddedDbIdentity(port: number, dataDir: string): Promise<void> {
  const remedy = `Stop whatever listens on port ${port}, or set EMBEDDED_DB_PORT to a free port.`;
  const sql = createSql(embeddedUrl(port), { max: 1 });
  let timer: NodeJS.Timeout | undefined;
  let served: string | null;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no PostgreSQL answer in 5 s')), IDENTIFY_TIMEOUT_MS);
    });
    const rows = await Promise.race([
      sql<{ id: string }[]>`select id from embedded_db.identity limit 1`,
      timeout,
    ]);
    served = rows[0]?.id ?? null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    // PostgreSQL's "no such table" and "no such schema": a database, but not one of ours.
    if (code !== '42P01' && code !== '3F000') {
      throw new ForeignDatabaseError(
        `Port ${port} is in use by something that is not a PostgreSQL server the launcher can use ` +
          `(${(error as Error).message}). ${remedy}`,
      );
    }
    served = null;
  } finally {
    clearTimeout(timer);
    await sql.end({ timeout: 0 });
  }
  let expected: string;
  try {
    expected = readFileSync(path.join(dataDir, IDENTITY_FILE), 'utf8').trim();
  } catch {
    throw new ForeignDatabaseError(
      `Port ${port} is in use, and the embedded database in ${dataDir} has no ${IDENTITY_FILE} to ` +
        `tell whether that is its server (a server started before ids existed, or another database). ${remedy}`,
    );
  }
  if (served !== expected) {
    throw new ForeignDatabaseError(
      served === null
        ? `Port ${port} is served by a PostgreSQL database that is not this project's embedded database ` +
            `(it has no embedded database id). ${remedy}`
        : `Port ${port} is served by another embedded database, not the one in ${dataDir} ` +
            `(id ${served}, expected ${expected}): another checkout's or data directory's npm start, ` +
            `npm run dev or npm run db:server. ${remedy}`,
    );
  }
}

/**
 * The embedded database of `dataDir` on 127.0.0.1:port: the server already listening there when
 * it is this directory's own (`owner` false), or one started here (`owner` true, stopped by
 * `stop`). Refuses a server that is not (ForeignDatabaseError).
 */
export async function openEmbeddedDb(options: {
  dataDir: string;
  port: number;
}): Promise<{ url: string; owner: boolean; stop: () => Promise<void> }> {
  if (await portInUse(options.port)) {
    await checkEmbeddedDbIdentity(options.port, options.dataDir);
    return { url: embeddedUrl(options.port), owner: false, stop: async () => {} };
  }
  const server = await startEmbeddedDb(options);
  return { url: server.url, owner: true, stop: () => server.stop() };
}

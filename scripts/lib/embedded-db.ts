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
import { createSql } from '../../src/server/platform/db/client.ts';

export const DEFAULT_EMBEDDED_PORT = 54329;

export interface EmbeddedDb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function embeddedUrl(port: number): string {
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
  keepExtendedQueriesWhole(server);
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

/** What keepExtendedQueriesWhole reaches inside pglite-socket's query queue. */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}
interface SocketQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

/** The client's messages of the extended query protocol before its Sync: Parse, Bind, Describe,
 * Execute, Close, Flush. */
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket (0.2) interleaves the connections' messages one at a time outside a transaction,
 * so one connection's Bind can land between another's Bind and Execute: "portal \"\" does not
 * exist" (seen in the browser suite, where the site and a test's helper share the database). Here
 * its queue keeps serving one connection from its first extended-protocol message to its Sync,
 * as it already does for a whole transaction. A connection that goes away mid-way releases it.
 */
function keepExtendedQueriesWhole(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: SocketQueue }).queryQueue;
  let holder: number | null = null;
  queue.processQueue = async function processQueue(this: SocketQueue): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : holder;
        let item: QueuedMessage | undefined;
        if (owner === null) {
          item = this.queue.shift();
        } else {
          const at = this.queue.findIndex((q) => q.handlerId === owner);
          // The owner's next message has not arrived yet: it starts the queue again when it does.
          if (at === -1) break;
          item = this.queue.splice(at, 1)[0];
        }
        if (!item) break;
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          holder = null;
          current.reject(error);
          continue;
        }
        holder = EXTENDED.has(current.message[0] ?? 0) ? current.handlerId : null;
        this.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = queue.clearTransactionIfNeeded.bind(queue);
  queue.clearTransactionIfNeeded = async (handlerId: number) => {
    if (holder === handlerId) holder = null;
    await clear(handlerId);
    await queue.processQueue();
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
async function checkEmbeddedDbIdentity(port: number, dataDir: string): Promise<void> {
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

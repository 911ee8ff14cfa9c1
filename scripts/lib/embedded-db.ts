// The embedded PostgreSQL: PGlite (Postgres compiled to WASM) on disk, served on
// 127.0.0.1 by pglite-socket so the app talks to it with the ordinary postgres driver.
// Only scripts and tests import this file: PGlite must never reach the server bundle.
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

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
  if (options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
  const pg = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
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

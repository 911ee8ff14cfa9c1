// The embedded database's launcher reuses a server already on its port only when it serves the
// same data directory (ids match); a throwaway PGlite, another data directory's server, a
// server that is not PostgreSQL, or a directory without an id is refused, naming the port. And
// several connections' parameterised queries are served whole, each between its Parse and Sync.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ForeignDatabaseError,
  freePort,
  IDENTITY_FILE,
  openEmbeddedDb,
  startEmbeddedDb,
  type EmbeddedDb,
} from '../../scripts/lib/embedded-db.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch: string[] = [];
const running: EmbeddedDb[] = [];

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'embedded-db-'));
  scratch.push(dir);
  return path.join(dir, 'pglite');
}

/** A data directory as its own server would have left it: here only its id matters. */
async function dataDirWithId(): Promise<string> {
  const dir = await dataDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, IDENTITY_FILE), `${randomUUID()}\n`);
  return dir;
}

async function start(dir: string, port?: number): Promise<EmbeddedDb> {
  const db = await startEmbeddedDb({ dataDir: dir, port: port ?? (await freePort()) });
  running.push(db);
  return db;
}

/** A TCP server on a free port that is not PostgreSQL: it answers like a web server, or never. */
async function notPostgres(answer: string | null): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    if (answer !== null) socket.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

afterAll(async () => {
  for (const db of running) await db.stop();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('the embedded database launcher', () => {
  it('gives a new data directory an id and reuses its own server on the port', async () => {
    const dir = await dataDir();
    const db = await start(dir);
    expect((await readFile(path.join(dir, IDENTITY_FILE), 'utf8')).trim()).toMatch(/^[0-9a-f-]{36}$/);
    const reused = await openEmbeddedDb({ dataDir: dir, port: db.port });
    expect(reused).toMatchObject({ url: db.url, owner: false });
  }, 60_000);

  it('refuses a throwaway PGlite on the port', async () => {
    const dir = await dataDirWithId();
    const stranger = await start('memory://');
    await expect(openEmbeddedDb({ dataDir: dir, port: stranger.port })).rejects.toThrow(
      new RegExp(`^Port ${stranger.port} is served by a PostgreSQL database that is not this project's`),
    );
  }, 60_000);

  it("refuses another data directory's embedded database", async () => {
    const mine = await dataDirWithId();
    const other = await start(await dataDir());
    const refusal = openEmbeddedDb({ dataDir: mine, port: other.port });
    await expect(refusal).rejects.toBeInstanceOf(ForeignDatabaseError);
    await expect(refusal).rejects.toThrow(`Port ${other.port} is served by another embedded database`);
  }, 60_000);

  it.each([
    ['answers like a web server', 'HTTP/1.1 400 Bad Request\r\n\r\n'],
    ['never answers', null],
  ])(
    'refuses a server on the port that %s',
    async (_, answer) => {
      const dir = await dataDir();
      await (await start(dir)).stop();
      const server = await notPostgres(answer);
      try {
        await expect(openEmbeddedDb({ dataDir: dir, port: server.port })).rejects.toThrow(
          new RegExp(`^Port ${server.port} is in use by something that is not a PostgreSQL server`),
        );
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it('refuses to reuse for a data directory without an id, and its owner gives it one back', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    const id = await readFile(path.join(dir, IDENTITY_FILE), 'utf8');
    await rm(path.join(dir, IDENTITY_FILE));
    await expect(openEmbeddedDb({ dataDir: dir, port: first.port })).rejects.toThrow(
      `Port ${first.port} is in use, and the embedded database in ${dir} has no ${IDENTITY_FILE}`,
    );
    await first.stop();
    expect(existsSync(path.join(dir, IDENTITY_FILE))).toBe(false);
    const again = await openEmbeddedDb({ dataDir: dir, port: await freePort() });
    expect(again.owner).toBe(true);
    await again.stop();
    expect(await readFile(path.join(dir, IDENTITY_FILE), 'utf8')).toBe(id);
  }, 60_000);

  it('stops a script with a message naming the port and what to do', async () => {
    const server = await notPostgres('HTTP/1.1 400 Bad Request\r\n\r\n');
    const dir = await dataDirWithId();
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const env: NodeJS.ProcessEnv = {
          ...process.env,
          DATA_DIR: path.dirname(dir),
          EMBEDDED_DB_PORT: String(server.port),
        };
        delete env['DATABASE_URL'];
        delete env['EMBEDDED_DB'];
        execFile(
          path.join(ROOT, 'node_modules', '.bin', 'tsx'),
          ['scripts/db-migrate.ts'],
          { cwd: ROOT, env },
          (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Port ${server.port} is in use by something that is not a PostgreSQL server`,
      );
      expect(result.stderr).toContain('set EMBEDDED_DB_PORT to a free port');
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('the embedded database shared by several connections', () => {
  it("keeps each connection's parameterised queries whole: no other connection's Bind in between", async () => {
    const db = await startEmbeddedDb({ dataDir: 'memory://', port: await freePort() });
    running.push(db);
    const a = createSql(db.url, { max: 1 });
    const b = createSql(db.url, { max: 1 });
    const failures: string[] = [];
    const queries = async (sql: Sql, tag: string) => {
      for (let i = 0; i < 150; i += 1) {
        const [row] = await sql<
          { v: string; n: number }[]
        >`select ${`${tag}${i}`}::text as v, ${i}::int as n`.catch((error: unknown) => {
          failures.push(String(error));
          return [];
        });
        if (row && (row.v !== `${tag}${i}` || row.n !== i)) failures.push(`${tag}${i}: ${row.v} ${row.n}`);
      }
    };
    const transactions = async () => {
      for (let i = 0; i < 50; i += 1) {
        await b
          .begin(async (tx) => {
            await tx`select ${i}::int`;
            await tx`select ${`t${i}`}::text`;
          })
          .catch((error: unknown) => failures.push(String(error)));
      }
    };
    try {
      // Two pipelines on one connection, one on the other, and transactions beside them.
      await Promise.all([queries(a, 'a'), queries(a, 'c'), queries(b, 'b'), transactions()]);
    } finally {
      await a.end();
      await b.end();
    }
    expect(failures).toEqual([]);
  });
});

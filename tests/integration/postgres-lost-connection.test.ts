// A connection lost under postgres.js (scripts/patch-postgres.mjs, patches 3 and 4): the client
// talks to the database through a TCP relay the test cuts, as pg_ctl stop -m immediate or a
// network fault would.
//   - A transaction whose connection closed: sql.begin() rejects, and whatever its callback does
//     afterwards fails too. Unpatched, the pool had already reconnected the same connection for
//     another query, and the callback's INSERT ran there, outside any transaction, and stayed.
//   - A write deferred when the socket closed: unpatched, its timer handle outlived the socket, no
//     write was flushed on the next one (the startup message waited for connect_timeout: the
//     outage check's request unanswered for 10 s), or the old bytes went out before it.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { connectionOptions, createSql, type Sql } from '../../src/server/platform/db/client.ts';

const url = inject('databaseUrl');

/** A relay to the database whose connections `cut()` destroys. */
async function relay(target: string) {
  const upstreamUrl = new URL(target);
  const clients = new Set<net.Socket>();
  const server = net.createServer((client) => {
    clients.add(client);
    const upstream = net.connect(Number(upstreamUrl.port || 5432), upstreamUrl.hostname);
    const close = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    cut: () => [...clients].forEach((socket) => socket.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Settles `work` or fails after `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled after ${ms} ms`)), ms)),
  ]);
}

const table = `lost_connection_probe_${process.pid}`;
let direct: Sql;

beforeAll(async () => {
  direct = createSql(url, { max: 1 });
  await direct.unsafe(`create table if not exists ${table} (note text not null)`);
});

afterAll(async () => {
  await direct.unsafe(`drop table if exists ${table}`);
  await direct.end({ timeout: 1 });
});

describe('a connection lost under postgres.js', () => {
  it("fails a transaction's later queries instead of running them on the reconnected connection", async () => {
    const link = await relay(url);
    const sql = createSql(link.url, { max: 1 });
    try {
      let started!: () => void;
      const inside = new Promise<void>((resolve) => (started = resolve));
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let late: 'written' | Error | undefined;
      const transaction = sql.begin(async (tx) => {
        await tx`select 1`;
        started();
        await paused;
        try {
          await tx.unsafe(`insert into ${table} (note) values ('after the connection closed')`);
          late = 'written';
        } catch (error) {
          late = error as Error;
        }
      });
      await inside;
      link.cut();
      await expect(within(transaction, 10_000)).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      // The pool's one connection opens again for another request.
      const [again] = await within(sql<{ n: number }[]>`select 2 as n`, 10_000);
      expect(again!.n).toBe(2);
      resume();
      await within(
        (async () => {
          while (late === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
        })(),
        10_000,
      );
      expect(late).toBeInstanceOf(Error);
      expect((late as Error & { code?: string }).code).toBe('CONNECTION_CLOSED');
      const [row] = await direct.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table}`);
      expect(row!.n).toBe(0);
    } finally {
      await sql.end({ timeout: 1 });
      await link.close();
    }
  });

  it('opens the next connection after one closed with a write deferred', async () => {
    // postgres.js's own sockets, to close one at a chosen moment.
    const target = new URL(url);
    const sockets: net.Socket[] = [];
    const options = {
      max: 1,
      ...connectionOptions(url),
      connect_timeout: 10,
      onnotice: () => {},
      // Not in postgres.js's types: a function that gives the connection's socket, connected.
      socket: () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(Number(target.port || 5432), target.hostname, () => resolve(socket));
          socket.once('error', reject);
          sockets.push(socket);
        }),
    };
    const sql = postgres(url, options);
    try {
      await sql`select 1`;
      // In the loop's check phase: the socket is destroyed (its 'close' comes in this turn's close
      // phase), and a query is written, deferred to the next turn's check phase: the close comes
      // first, with the write still pending.
      const lost = new Promise<unknown>((resolve) =>
        setImmediate(() => {
          sockets.at(-1)!.destroy();
          resolve(sql`select 2 as n`.catch((error: unknown) => error));
        }),
      );
      expect(await within(lost, 10_000)).toMatchObject({ code: 'CONNECTION_CLOSED' });
      // The next query reconnects: its startup message is written, and it is answered.
      const [row] = await within(sql<{ n: number }[]>`select 3 as n`, 5_000);
      expect(row!.n).toBe(3);
      expect(sockets.length).toBe(2);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

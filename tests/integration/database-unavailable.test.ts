// A database that cannot be reached is a 503 with Retry-After, not a 500; a failing query on a
// reachable database is still a 500. The errors are the real ones postgres.js throws (nothing
// listening on the port; a missing table). (The whole path, a
// PostgreSQL cluster stopped under load and started again, is scripts/ci/postgres-outage.ts.)
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSql, reconnectDelaySeconds } from '../../src/server/platform/db/client.ts';
import {
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../../src/server/platform/db/unavailable.ts';
import { errorResponse } from '../../src/server/platform/errors.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

/** What a query throws, run against `url` with one connection and a short connect timeout. */
async function failure(url: string): Promise<unknown> {
  const client = createSql(url, { max: 1 });
  try {
    await client`select 1`;
  } catch (error) {
    return error;
  } finally {
    await client.end({ timeout: 1 });
  }
  throw new Error('the query did not fail');
}

describe('the database unreachable', () => {
  it('nothing listening (ECONNREFUSED): 503 JSON with Retry-After', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const error = await failure(`postgres://nobody@127.0.0.1:${port}/none`);
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
    const answer = errorResponse(error, { requestId: 'test' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    const body = (await answer.json()) as { code: string; error: string };
    expect(body.code).toBe('UNAVAILABLE');
    expect(body.error).toBe(UNAVAILABLE_MESSAGE);
  });

  it('SQLSTATEs of a server going away or not ready, also as a cause', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(isDatabaseUnavailable(Object.assign(new Error(code), { code })), code).toBe(true);
    const wrapped = new Error('outer', { cause: Object.assign(new Error('inner'), { code: '57P01' }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });
});

describe('a reachable database', () => {
  it('a failing query is still a 500 naming only a request id', async () => {
    const error = await sql`select * from no_such_table`.catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('42P01');
    expect(isDatabaseUnavailable(error)).toBe(false);
    const answer = errorResponse(error, { requestId: 'req-1' });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(await answer.json()).toMatchObject({ code: 'INTERNAL', requestId: 'req-1' });
  });

  it('a unique violation or a plain error is not unavailability', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('reconnecting after the database returns', () => {
  it('waits at most half a second between attempts, however long the outage', () => {
    expect(reconnectDelaySeconds(1)).toBe(0.05);
    expect(reconnectDelaySeconds(2)).toBe(0.1);
    for (const retries of [5, 10, 100, 10_000]) expect(reconnectDelaySeconds(retries)).toBe(0.5);
  });
});

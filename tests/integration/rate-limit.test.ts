// The fixed-window limiter's time left, for a request that began before the window opened.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkRateLimit } from '../../src/server/platform/security/rate-limit.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

describe('checkRateLimit', () => {
  it('never asks to wait longer than the window, even for a request that began before it opened', async () => {
    // What a request sees when it waited on the row lock while another opened the window: its
    // now() (the start of its transaction) is earlier than the window's start.
    const identifier = `early-${randomUUID()}`;
    await sql`
      insert into rate_limits (identifier, action, window_start, attempts)
      values (${identifier}, 'test', now() + interval '2 seconds', 1)`;
    const result = await checkRateLimit(sql, identifier, 'test', 1, 60);
    expect(result.allowed).toBe(false);
    expect(result.retryAfterSeconds).toBe(3_600);
  });
});

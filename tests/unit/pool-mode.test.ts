// Behind a transaction-mode pooler (issue 28, Must 2) the client prepares no statements: Supabase's
// pooler port says so by itself, DATABASE_POOL_MODE says so for any other (PgBouncer's own port).
import { describe, expect, it } from 'vitest';
import { connectTimeoutSeconds, poolMode } from '../../src/server/platform/db/client.ts';
import { parseServerEnv } from '../../src/server/platform/config/env.ts';
import { embeddedDbSetting } from '../../src/server/platform/config/database.ts';

const SUPABASE_POOLER = 'postgres://postgres.ref:pw@aws-0-us-east-2.pooler.supabase.com:6543/postgres';
const SUPABASE_DIRECT = 'postgres://postgres:pw@db.ref.supabase.co:5432/postgres';

describe('poolMode', () => {
  it("is 'transaction' on Supabase's pooler port, 'session' on a direct connection", () => {
    expect(poolMode(SUPABASE_POOLER, undefined)).toBe('transaction');
    expect(poolMode(SUPABASE_DIRECT, undefined)).toBe('session');
    expect(poolMode('postgres://postgres@127.0.0.1:6432/postgres', undefined)).toBe('session');
  });

  it('follows DATABASE_POOL_MODE whatever the port', () => {
    expect(poolMode('postgres://postgres@127.0.0.1:6432/postgres', 'transaction')).toBe('transaction');
    expect(poolMode(SUPABASE_POOLER, 'session')).toBe('session');
  });

  it('DATABASE_POOL_MODE takes only the two modes', () => {
    expect(parseServerEnv({ DATABASE_POOL_MODE: 'transaction' }).DATABASE_POOL_MODE).toBe('transaction');
    expect(() => parseServerEnv({ DATABASE_POOL_MODE: 'statement' })).toThrow('DATABASE_POOL_MODE');
  });
});

describe('connectTimeoutSeconds', () => {
  it('gives a database server 5 s, within a Netlify function’s 10 s, and the embedded database 10 s', () => {
    expect(connectTimeoutSeconds(embeddedDbSetting({ DATABASE_URL: SUPABASE_POOLER }))).toBe(5);
    expect(connectTimeoutSeconds(embeddedDbSetting({ EMBEDDED_DB: '1' }))).toBe(10);
    expect(() => embeddedDbSetting({ EMBEDDED_DB: 'yes' })).toThrow();
  });
});

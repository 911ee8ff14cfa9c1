// The server configuration: Supabase Storage needs both its URL and its service role key; one
// without the other stops the server at start instead of quietly using local disk.
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../src/server/platform/config/env.ts';

const URL = 'https://project.supabase.co';

describe('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY', () => {
  it('may both be set, or neither', () => {
    expect(parseServerEnv({ SUPABASE_URL: URL, SUPABASE_SERVICE_ROLE_KEY: 'key' })).toMatchObject({
      SUPABASE_URL: URL,
      SUPABASE_SERVICE_ROLE_KEY: 'key',
    });
    expect(parseServerEnv({}).SUPABASE_URL).toBeUndefined();
  });

  it.each([
    [{ SUPABASE_URL: URL }, 'SUPABASE_SERVICE_ROLE_KEY must be set with SUPABASE_URL'],
    [{ SUPABASE_SERVICE_ROLE_KEY: 'key' }, 'SUPABASE_URL must be set with SUPABASE_SERVICE_ROLE_KEY'],
    [{ SUPABASE_URL: URL, SUPABASE_SERVICE_ROLE_KEY: '' }, 'SUPABASE_SERVICE_ROLE_KEY'],
    [{ SUPABASE_URL: 'project.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'key' }, 'SUPABASE_URL'],
    [{ SUPABASE_URL: 'ftp://project.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'key' }, 'SUPABASE_URL'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => parseServerEnv(env)).toThrow(message);
  });
});

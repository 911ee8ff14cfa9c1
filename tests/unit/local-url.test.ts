import { describe, expect, it } from 'vitest';
import { isLocalDatabaseUrl } from '../../src/server/platform/db/local-url.ts';

describe('local database guard', () => {
  it.each([
    ['postgres://postgres@127.0.0.1:5432/postgres', true],
    ['postgresql://u:p@localhost/db', true],
    ['postgres://u@[::1]:5432/db', true],
    ['postgres://u@/db?host=/var/run/postgresql', true],
    ['postgres://u:p@db.abcdefgh.supabase.co:5432/postgres', false],
    ['postgres://u@10.0.0.5/db', false],
    ['postgres://u@/db?host=db.example.com', false],
    ['mysql://u@localhost/db', false],
    ['not a url', false],
  ])('%s -> %s', (url, local) => {
    expect(isLocalDatabaseUrl(url)).toBe(local);
  });
});

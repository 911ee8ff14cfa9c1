// The shared integration database for a test file, closed after the file's tests.
import { afterAll, inject } from 'vitest';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';

export function useTestSql(): Sql {
  const sql = createSql(inject('databaseUrl'));
  afterAll(() => sql.end({ timeout: 5 }));
  return sql;
}

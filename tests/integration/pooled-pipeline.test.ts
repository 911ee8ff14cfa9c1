// Behind a transaction-mode pooler (the CI's PgBouncer pass; Supabase's port 6543) postgres.js
// must not pipeline queries on a connection: the pooler hands the server connection back when the
// first reply ends, and the queries written behind it are never answered (porsager/postgres#970).
// Before createSql turned pipelining off there, 47 of 200 rounds of 20 concurrent page views on a
// fresh pool hung for good through PgBouncer (seo-page-views and article-views timed out in CI).
// Here: 15 rounds of 20 concurrent chains (a query without parameters, as the views' first, then
// two with) and transactions on a fresh 10-connection pool, each round settling within 10 s.
// Without the fix the first round hangs through PgBouncer. On PostgreSQL directly or PGlite it
// runs as a plain check.
import { describe, expect, inject, it } from 'vitest';
import { createSql } from '../../src/server/platform/db/client.ts';

const url = inject('databaseUrl');

/** Settles `work` or fails after `ms`: a hung query never settles at all. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled after ${ms} ms`)), ms)),
  ]);
}

describe('a fresh pool under 20 concurrent queries', () => {
  it('answers every query and transaction, round after round', async () => {
    for (let round = 0; round < 15; round += 1) {
      const sql = createSql(url);
      try {
        // One connection open (as a server's pool after its first request), then the burst.
        await sql`select 1`;
        const answers = await within(
          Promise.all(
            Array.from({ length: 20 }, (_, i) =>
              i % 4 === 3
                ? sql.begin(async (tx) => {
                    const [a] = await tx<{ n: number }[]>`select ${i}::int as n`;
                    const [b] = await tx<{ n: number }[]>`select ${a!.n}::int + 1 as n`;
                    return b!.n - 1;
                  })
                : (async () => {
                    // Without a parameter, as the page views' first query (today's salt).
                    await sql`select now()::text as t`;
                    const [a] = await sql<{ n: number }[]>`select ${i}::int as n`;
                    const [b] = await sql<{ n: number }[]>`select ${a!.n}::int + 1 as n`;
                    return b!.n - 1;
                  })(),
            ),
          ),
          10_000,
        );
        expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i));
      } finally {
        await sql.end({ timeout: 1 });
      }
    }
  });
});

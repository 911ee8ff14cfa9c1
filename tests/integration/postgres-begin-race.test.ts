// postgres.js 3.4.9 can send a transaction's BEGIN without reserving its connection
// (porsager/postgres#823, #1189): when BEGIN is the query that fills a connection's pipeline,
// or its write meets a full socket buffer, the hook that reserves the connection is skipped;
// and a socket 'drain' can hand a connection back to the pool between a transaction's queries.
// The transaction then fails with UNSAFE_TRANSACTION and the connection goes back to the pool
// inside it, so other requests' queries run in someone else's transaction. CI met it in
// spend-caps.test.ts (50 sales at once on PostgreSQL). scripts/patch-postgres.mjs fixes both
// paths at install; this is the maintainers' reproduction (#823), made to fail on every run
// without the patch. PostgreSQL only: the embedded PGlite runs one connection per process.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolMode } from '../../src/server/platform/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.drop();
});

describe('transactions under a full pipeline (postgres.js patched at install)', () => {
  it.skipIf(!process.env['TEST_DATABASE_URL'])(
    'every sql.begin keeps its connection: no UNSAFE_TRANSACTION, no query run inside another transaction',
    async () => {
      // max_pipeline is a postgres.js option its types leave out (queries sent ahead per connection).
      // Behind a transaction-mode pooler (the PgBouncer pass) prepared statements are off, as in db().
      const options = {
        max: 3,
        max_pipeline: 2,
        prepare: poolMode(database.url) === 'session',
        onnotice: () => {},
      };
      const sql = postgres(database.url, options);
      try {
        await sql`create table begin_race (id int primary key)`;
        const failures: string[] = [];
        for (let round = 0; round < 20; round += 1) {
          const work: Promise<unknown>[] = [];
          // All three connections busy, so what follows queues and is pipelined onto them.
          for (let i = 0; i < 3; i += 1) work.push(sql`select pg_sleep(0.05)`.execute());
          // 0 to 6 plain queries pipelined behind them, so that in some rounds a BEGIN is the
          // query that fills a connection's pipeline.
          for (let i = 0; i < round % 7; i += 1) work.push(sql`select 1`.execute());
          for (let i = 0; i < 5; i += 1) {
            const id = round * 10 + i;
            work.push(
              sql
                .begin(async (tx) => {
                  await tx`insert into begin_race (id) values (${id})`;
                  throw new Error('roll back');
                })
                .catch((error: unknown) => {
                  const message = error instanceof Error ? error.message : String(error);
                  if (message !== 'roll back') failures.push(message);
                }),
            );
          }
          await Promise.all(work);
        }
        expect(failures).toEqual([]);
        // Every transaction rolled back: a row left means an insert ran outside its transaction.
        const [left] = await sql<{ n: number }[]>`select count(*)::int as n from begin_race`;
        expect(left?.n).toBe(0);
        const idle = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`;
        expect(idle[0]?.n).toBe(0);
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  );
});

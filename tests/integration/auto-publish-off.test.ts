// AUTO_PUBLISH=off (the browser tests' server): a contractor's save still records its publish
// request, marked automatic, but neither the scheduled job nor the server's timer publishes it; it
// waits for an admin's Publish. Its own process: the setting is read once per process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { createPublisher, publishIfDue } from '../../src/server/platform/publish/publisher.ts';
import { requestPublish } from '../../src/server/platform/publish/request-publish.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

process.env['AUTO_PUBLISH'] = 'off';
// A database of its own: another file's Publish would take the request in the shared one.
let database: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
});
afterAll(async () => {
  await sql.end({ timeout: 5 });
  await database.drop();
});

describe('AUTO_PUBLISH=off', () => {
  it('publishes nothing by itself: an automatic change waits for an admin', async () => {
    const built: number[] = [];
    const publishing = createPublisher({
      sql,
      builder: (runId) => {
        built.push(runId);
        return Promise.resolve({ status: 'live', log: 'built' });
      },
    });
    const entityId = crypto.randomUUID();
    await requestPublish(sql, {
      reason: 'Profile updated by its owner',
      entityType: 'business',
      entityId,
      requestedBy: null,
      automatic: true,
    });
    expect(await publishIfDue(sql, publishing, { debounceMs: 0, gapMs: 0 })).toBeNull();
    expect(built).toEqual([]);
    const [row] = await sql<{ published_at: Date | null; publish_run_id: number | null }[]>`
      select published_at, publish_run_id from publish_requests where entity_id = ${entityId}`;
    expect(row).toEqual({ published_at: null, publish_run_id: null });
  });
});

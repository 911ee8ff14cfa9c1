// AUTO_PUBLISH=off (the browser tests' server): a contractor's save still records its publish
// request, marked automatic, but neither the scheduled job nor the server's timer publishes it; it
// waits for an admin's Publish. Its own process: the setting is read once per process.
import { describe, expect, inject, it } from 'vitest';
import { createPublisher, publishIfDue } from '../../src/server/publish/publisher.ts';
import { requestPublish } from '../../src/server/publish/request-publish.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
process.env['AUTO_PUBLISH'] = 'off';
const sql = useTestSql();

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
    expect(await publishIfDue(sql, publishing, 0)).toBeNull();
    expect(built).toEqual([]);
    const [row] = await sql<{ published_at: Date | null; publish_run_id: number | null }[]>`
      select published_at, publish_run_id from publish_requests where entity_id = ${entityId}`;
    expect(row).toEqual({ published_at: null, publish_run_id: null });
  });
});

// Records that public data changed and the prebuilt pages need a rebuild to show it
// (publish_requests). Called inside the transaction of the change itself, so a change and its
// request are written together or not at all; the admin area's publishing turns the unpublished
// requests into a build.
import type { Db, Sql } from '../db/client.ts';

export type PublishEntity = 'business' | 'review' | 'seo_page' | 'article' | 'service';

export interface PublishRequest {
  reason: string;
  entityType: PublishEntity;
  entityId: string;
  requestedBy: string | null;
  /**
   * Publish without waiting for an admin's Publish (debounced, PUBLISH_DEBOUNCE_MS): approvals, a
   * contractor's own profile, photos and portfolio, and every review change that shows on the site
   * (issue 28). Our Node server's timer (schedulePublish) and the scheduled job `auto-publish` (on
   * Netlify its function) start it.
   */
  automatic?: boolean;
}

export async function requestPublish(sql: Db, request: PublishRequest): Promise<void> {
  await sql`
    insert into publish_requests (reason, entity_type, entity_id, requested_by, automatic)
    values (${request.reason.slice(0, 200)}, ${request.entityType}, ${request.entityId}, ${request.requestedBy},
            ${request.automatic ?? false})`;
}

/** How many changes wait for the next publish (shown to whoever made one). */
export async function unpublishedCount(
  sql: Sql,
  entityType: PublishEntity,
  entityId: string,
): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from publish_requests
     where entity_type = ${entityType} and entity_id = ${entityId} and published_at is null`;
  return row?.n ?? 0;
}

// The activity log: the audit log newest first, filtered by who (the acting user), what (the
// action) and when (a range of UTC days, both included), paged by keyset (created_at, id) so a deep
// page costs what the first does (indexes in 20261123002100_admin_audit.sql).
import { ACTIVITY_PAGE_SIZE } from '../../domain/admin-rules.ts';
import type { AuditPage, TActivityQuery } from '../../schemas/admin.ts';
import type { Sql } from '../platform/db/client.ts';
import { cursorCodec, keysetPage } from '../platform/cursor.ts';

interface Row {
  id: number;
  created_at: Date;
  cursor_at: string;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  before_values: unknown;
  after_values: unknown;
  details: Record<string, unknown>;
}

/** The log's keyset: (created_at as PostgreSQL prints it, the entry's number). */
const activityCursor = cursorCodec('admin-activity', ['time', 'int']);

export async function listActivity(
  sql: Sql,
  filters: Omit<TActivityQuery, 'cursor'> & { cursor?: string | undefined },
  limit = ACTIVITY_PAGE_SIZE,
): Promise<AuditPage> {
  const [at, id] = filters.cursor ? activityCursor.read(filters.cursor) : [];
  const cursor = at !== undefined && id !== undefined ? { at, id } : null;
  const rows = await sql<Row[]>`
    select a.id, a.created_at, a.created_at::text as cursor_at, a.actor_user_id, u.email as actor_email,
           a.action, a.entity_type, a.entity_id, a.before_values, a.after_values, a.details
      from audit_log a left join users u on u.id = a.actor_user_id
     where true
       ${filters.actor ? sql`and a.actor_user_id = ${filters.actor}` : sql``}
       ${filters.action ? sql`and a.action = ${filters.action}` : sql``}
       ${filters.from ? sql`and a.created_at >= ${filters.from}::date::timestamp at time zone 'UTC'` : sql``}
       ${filters.to ? sql`and a.created_at < (${filters.to}::date + 1)::timestamp at time zone 'UTC'` : sql``}
       ${cursor ? sql`and (a.created_at, a.id) < (${cursor.at}::text::timestamptz, ${cursor.id})` : sql``}
     order by a.created_at desc, a.id desc
     limit ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, activityCursor, (r) => [r.cursor_at, r.id]);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.created_at.toISOString(),
      actorId: r.actor_user_id,
      actorEmail: r.actor_email,
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      // Rows written before the before/after columns keep their context in details.
      before: r.before_values,
      after: r.after_values ?? (Object.keys(r.details).length ? r.details : null),
    })),
    nextCursor,
  };
}

/** The actions and actors the log holds, for the filters' choices (at most 100 each). */
export async function activityFilterChoices(
  sql: Sql,
): Promise<{ actions: string[]; actors: { id: string; email: string }[] }> {
  // A loose index scan: one index probe per distinct action, however long the log.
  const actions = await sql<{ action: string }[]>`
    with recursive t(action) as (
      select min(action) from audit_log
      union all
      select (select min(a.action) from audit_log a where a.action > t.action) from t where t.action is not null
    )
    select action from t where action is not null limit 100`;
  const actors = await sql<{ id: string; email: string }[]>`
    select u.id, u.email from users u
     where exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')
     order by u.email limit 100`;
  return { actions: actions.map((a) => a.action), actors };
}

// Spec: deletion is a request to support; it is recorded for them and nothing is deleted.
import type { Sql } from '../../platform/db/client.ts';

export async function requestAccountDeletion(sql: Sql, userId: string): Promise<void> {
  await sql`
    insert into audit_log (actor_user_id, action, entity_type, entity_id)
    values (${userId}, 'account.deletion_requested', 'user', ${userId})`;
}

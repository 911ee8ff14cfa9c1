// The audit log's one writer: every admin write calls audited() inside the transaction of its
// change, so the row exists exactly when the change does (a failed change rolls both back).
import type { TransactionSql } from '../db/client.ts';

/** What was changed: a type ('user', 'business', 'review', ...) and its id. */
export interface AuditEntity {
  type: string;
  id: string;
}

/** Who changed it: the admin's user id (from the route's user). */
export interface AuditActor {
  id: string;
}

/** A JSON-serialisable snapshot of the values that changed (null: none, e.g. a creation). */
export type AuditValues = Record<string, unknown> | null;

/**
 * Records that `actor` did `action` ('user.disable', 'business.approve', ...) to `entity`, with
 * the values before and after. Returns the row's id.
 */
export async function audited(
  tx: TransactionSql,
  actor: AuditActor,
  action: string,
  entity: AuditEntity,
  before: AuditValues,
  after: AuditValues,
): Promise<number> {
  const [row] = await tx<{ id: number }[]>`
    insert into audit_log (actor_user_id, action, entity_type, entity_id, before_values, after_values)
    values (${actor.id}, ${action}, ${entity.type}, ${entity.id},
            ${before === null ? null : tx.json(before as never)}, ${after === null ? null : tx.json(after as never)})
    returning id`;
  return row!.id;
}

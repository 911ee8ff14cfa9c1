// An admin releases a blocked contact detail (the fraud queue's list): requests from it are
// accepted again. The row stays, with who released it and when; audited in the same transaction
// under the row's lock. Releasing it again answers the row as it stands.
import { FRAUD_MESSAGES as M } from '../../../domain/fraud-rules.ts';
import type { BlockedIdentity } from '../../../schemas/admin-fraud.ts';
import { audited, type AuditActor } from '../../platform/security/audit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { toBlockedIdentity, type BlockedRow } from './list-fraud-queue.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function releaseIdentity(
  sql: Sql,
  actor: AuditActor,
  blockId: string,
): Promise<BlockedIdentity> {
  if (!UUID.test(blockId)) throw new AppError('NOT_FOUND', M.blockNotFound);
  return sql.begin(async (tx) => {
    const [row] = await tx<{ kind: string; value: string; reason: string; released_at: Date | null }[]>`
      select kind, value, reason, released_at from blocked_identities where id = ${blockId} for update`;
    if (!row) throw new AppError('NOT_FOUND', M.blockNotFound);
    if (!row.released_at) {
      await tx`update blocked_identities set released_at = now(), released_by = ${actor.id} where id = ${blockId}`;
      await audited(
        tx,
        actor,
        'blocked_identity.release',
        { type: 'blocked_identity', id: blockId },
        { kind: row.kind, value: row.value, reason: row.reason, released: false },
        { released: true },
      );
    }
    const [after] = await tx<BlockedRow[]>`
      select b.id, b.kind, b.value, b.reason, b.lead_id, u.email as blocked_by, b.created_at, b.released_at
        from blocked_identities b left join users u on u.id = b.blocked_by
       where b.id = ${blockId}`;
    return toBlockedIdentity(after!);
  });
}

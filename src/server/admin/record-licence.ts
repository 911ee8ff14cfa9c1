// A business's licence check, recorded (or replaced) by an admin with its audit row; a listed
// business's publish is requested, since its profile shows the check.
import type { AdminBusiness, AdminLicence, TLicenceCheck } from '../../schemas/admin.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { lockedBusiness, publishReason, toBusiness } from './contractor-rows.ts';

/** Records (or replaces) the licence check of a business; public after the next publish. */
export async function recordLicence(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  check: TLicenceCheck,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  const licence: AdminLicence = {
    number: check.number,
    board: check.board,
    checkedOn: check.checkedOn,
    source: check.source,
  };
  await tx`
    insert into business_licence_checks (business_id, license_number, issuing_board, checked_on, source, checked_by)
    values (${id}, ${check.number}, ${check.board}, ${check.checkedOn}, ${check.source}, ${actor.id})
    on conflict (business_id) do update
      set license_number = excluded.license_number, issuing_board = excluded.issuing_board,
          checked_on = excluded.checked_on, source = excluded.source, checked_by = excluded.checked_by,
          updated_at = now()`;
  await audited(
    tx,
    actor,
    'business.licence.verify',
    { type: 'business', id },
    { name: b.name, licence: b.licence },
    { name: b.name, licence },
  );
  if (b.status === 'ACTIVE') {
    await requestPublish(tx, {
      reason: publishReason('Licence verified', b.name),
      entityType: 'business',
      entityId: id,
      requestedBy: actor.id,
    });
  }
  return toBusiness({ ...b, licence });
}

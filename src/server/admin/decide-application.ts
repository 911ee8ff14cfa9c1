// A contractor's application in the PENDING queue: approved (ACTIVE and verified, its publish
// requested; the caller schedules the automatic publish after it commits) or rejected with a
// reason. The owner is mailed either way; each is one transaction with its audit row.
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../domain/admin-rules.ts';
import type { AdminBusiness } from '../../schemas/admin.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { registrationApprovedMail, registrationRejectedMail } from '../platform/mail/contractor-mails.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { lockedBusiness, publishReason, toBusiness } from './contractor-rows.ts';

/** PENDING -> ACTIVE and verified (the spec's "ACTIVE once approved"; listed as verified); the
 * owner is mailed. */
export async function approveBusiness(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  if (b.status !== 'PENDING') throw new AppError('CONFLICT', M.notPending);
  await tx`update businesses set status = 'ACTIVE', verified = true, updated_at = now() where id = ${id}`;
  if (b.owner_email) await enqueueMail(tx, registrationApprovedMail(b.owner_email, b.name));
  await audited(
    tx,
    actor,
    'business.approve',
    { type: 'business', id },
    { name: b.name, status: b.status, verified: b.verified },
    { name: b.name, status: 'ACTIVE', verified: true },
  );
  await requestPublish(tx, {
    reason: publishReason('Contractor approved', b.name),
    entityType: 'business',
    entityId: id,
    requestedBy: actor.id,
    automatic: true,
  });
  return toBusiness({ ...b, status: 'ACTIVE', verified: true });
}

/** PENDING -> REJECTED; the applicant (the owner) is mailed the reason. */
export async function rejectBusiness(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  if (b.status !== 'PENDING') throw new AppError('CONFLICT', M.notPending);
  await tx`update businesses set status = 'REJECTED', updated_at = now() where id = ${id}`;
  if (b.owner_email) await enqueueMail(tx, registrationRejectedMail(b.owner_email, b.name, reason));
  await audited(
    tx,
    actor,
    'business.reject',
    { type: 'business', id },
    { name: b.name, status: b.status },
    { name: b.name, status: 'REJECTED', reason, mailedTo: b.owner_email },
  );
  return toBusiness({ ...b, status: 'REJECTED' });
}

// A listed business featured or unfeatured, suspended or reinstated: each one transaction with
// its audit row and its publish request (the public site changes at the next publish).
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../domain/admin-rules.ts';
import type { AdminBusiness } from '../../schemas/admin.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { requestPublish } from '../platform/publish/request-publish.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { lockedBusiness, publishReason, toBusiness, type Status } from './contractor-rows.ts';

/** Features or unfeatures an ACTIVE business (unfeaturing also ends a plan's claim on it). */
export async function setFeatured(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  featured: boolean,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  if (b.status !== 'ACTIVE') throw new AppError('CONFLICT', M.notListed);
  if (b.featured === featured) return toBusiness(b);
  await tx`
    update businesses set featured = ${featured}, featured_by_plan = ${featured ? b.featured_by_plan : false},
           updated_at = now()
     where id = ${id}`;
  await audited(
    tx,
    actor,
    featured ? 'business.feature' : 'business.unfeature',
    { type: 'business', id },
    { name: b.name, featured: b.featured },
    { name: b.name, featured },
  );
  await requestPublish(tx, {
    reason: publishReason(featured ? 'Contractor featured' : 'Contractor unfeatured', b.name),
    entityType: 'business',
    entityId: id,
    requestedBy: actor.id,
  });
  return toBusiness({ ...b, featured });
}

/** ACTIVE -> SUSPENDED (no leads at once; gone from the site after the next publish) and back. */
export async function setSuspended(
  tx: TransactionSql,
  actor: AuditActor,
  id: string,
  suspended: boolean,
): Promise<AdminBusiness> {
  const b = await lockedBusiness(tx, id);
  const from: Status = suspended ? 'ACTIVE' : 'SUSPENDED';
  const to: Status = suspended ? 'SUSPENDED' : 'ACTIVE';
  if (b.status === to) return toBusiness(b);
  if (b.status !== from) throw new AppError('CONFLICT', suspended ? M.notSuspendable : M.notSuspended);
  await tx`update businesses set status = ${to}, updated_at = now() where id = ${id}`;
  await audited(
    tx,
    actor,
    suspended ? 'business.suspend' : 'business.reinstate',
    { type: 'business', id },
    { name: b.name, status: b.status },
    { name: b.name, status: to },
  );
  await requestPublish(tx, {
    reason: publishReason(suspended ? 'Contractor suspended' : 'Contractor reinstated', b.name),
    entityType: 'business',
    entityId: id,
    requestedBy: actor.id,
  });
  return toBusiness({ ...b, status: to });
}

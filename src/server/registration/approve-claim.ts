// An admin's approval of a listing claim: the listing gets the claimant as its owner, the claim
// is marked approved, and the audit log records who decided. Refused when the claim is no longer
// pending or the listing found an owner meanwhile, so a listing never changes hands twice. The
// admin contractors page (src/server/admin/contractors.ts) calls it.
import { audited } from '../admin/audit.ts';
import type { TransactionSql } from '../db/client.ts';
import { AppError } from '../errors.ts';

export const CLAIM_NOT_PENDING = 'This claim is no longer pending.';
export const LISTING_HAS_OWNER = 'This listing already has an owner.';

export async function approveClaim(tx: TransactionSql, claimId: string, adminId: string): Promise<void> {
  const [claim] = await tx<{ business_id: string; claimant_id: string; status: string }[]>`
    select business_id, claimant_id, status from business_claims where id = ${claimId} for update`;
  if (!claim) throw new AppError('NOT_FOUND', 'Claim not found');
  if (claim.status !== 'pending') throw new AppError('CONFLICT', CLAIM_NOT_PENDING);
  const [listing] = await tx<{ owner_id: string | null }[]>`
    select owner_id from businesses where id = ${claim.business_id} for update`;
  if (!listing) throw new AppError('NOT_FOUND', 'Claim not found');
  if (listing.owner_id) throw new AppError('CONFLICT', LISTING_HAS_OWNER);
  await tx`update businesses set owner_id = ${claim.claimant_id} where id = ${claim.business_id}`;
  await tx`
    update business_claims set status = 'approved', decided_at = now(), decided_by = ${adminId}
    where id = ${claimId}`;
  await audited(
    tx,
    { id: adminId },
    'business_claim.approve',
    { type: 'business', id: claim.business_id },
    { claimId, claimantId: claim.claimant_id, status: 'pending', ownerId: null },
    { claimId, claimantId: claim.claimant_id, status: 'approved', ownerId: claim.claimant_id },
  );
}

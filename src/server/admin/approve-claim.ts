// An admin's approval of a listing claim: the listing gets the claimant as its owner from now on
// (owner_since: the contractor's reads show nothing of the listing from before), it keeps none of
// the cards, gateway customer or plan it had (detach-listing-payments.ts), the claim is marked
// approved, the claimant is mailed, and the audit log records who decided and on what proof.
// Refused when the claim is no longer pending or the listing found an owner meanwhile, so a
// listing never changes hands twice; and a claim nobody confirmed by a code (src/server/accounts/claims/)
// is approved only when the admin says so on purpose (`unconfirmed`), audited as such. The admin
// contractors page's confirmClaim (src/server/admin/decide-claim.ts) calls it.
import { UNCONFIRMED_APPROVAL_REFUSED, type ClaimConfirmation } from '../../domain/claim-rules.ts';
import { audited } from '../platform/security/audit.ts';
import { claimApprovedMail } from '../platform/mail/contractor-mails.ts';
import { toConfirmation } from '../accounts/index.ts';
import type { TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { detachListingPayments, type DetachedPayments } from './detach-listing-payments.ts';
import { CLAIM_NOT_FOUND, CLAIM_NOT_PENDING, LISTING_HAS_OWNER } from './admin-rules.ts';

export interface ApprovedClaim {
  businessId: string;
  businessName: string;
  claimantEmail: string;
  confirmation: ClaimConfirmation | null;
  detached: DetachedPayments;
}

export async function approveClaim(
  tx: TransactionSql,
  claimId: string,
  adminId: string,
  options: { unconfirmed?: boolean | undefined } = {},
): Promise<ApprovedClaim> {
  const [claim] = await tx<
    {
      business_id: string;
      claimant_id: string;
      claimant_email: string;
      status: string;
      verified_at: Date | null;
      verified_channel: ClaimConfirmation['channel'] | null;
      verified_target: string | null;
    }[]
  >`
    select c.business_id, c.claimant_id, u.email as claimant_email, c.status,
           c.verified_at, c.verified_channel, c.verified_target
      from business_claims c join users u on u.id = c.claimant_id
     where c.id = ${claimId} for update of c`;
  if (!claim) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  if (claim.status !== 'pending') throw new AppError('CONFLICT', CLAIM_NOT_PENDING);
  const confirmation = toConfirmation(claim);
  if (!confirmation && options.unconfirmed !== true) {
    throw new AppError('CONFLICT', UNCONFIRMED_APPROVAL_REFUSED);
  }
  const [listing] = await tx<{ owner_id: string | null; name: string; owner_since: Date | null }[]>`
    select owner_id, name, owner_since from businesses where id = ${claim.business_id} for update`;
  if (!listing) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  if (listing.owner_id) throw new AppError('CONFLICT', LISTING_HAS_OWNER);
  const [owned] = await tx<{ owner_since: Date }[]>`
    update businesses set owner_id = ${claim.claimant_id}, owner_since = now(), updated_at = now()
     where id = ${claim.business_id}
    returning owner_since`;
  const detached = await detachListingPayments(tx, claim.business_id, adminId);
  await tx`
    update business_claims set status = 'approved', decided_at = now(), decided_by = ${adminId},
           proof_token_hash = null, proof_token_expires_at = null
     where id = ${claimId}`;
  await enqueueMail(tx, claimApprovedMail(claim.claimant_email, listing.name));
  await audited(
    tx,
    { id: adminId },
    confirmation ? 'business_claim.approve' : 'business_claim.approve_unconfirmed',
    { type: 'business', id: claim.business_id },
    {
      claimId,
      claimantId: claim.claimant_id,
      status: 'pending',
      ownerId: null,
      ownerSince: listing.owner_since?.toISOString() ?? null,
      gatewayCustomerId: detached.customerId,
    },
    {
      claimId,
      claimantId: claim.claimant_id,
      status: 'approved',
      ownerId: claim.claimant_id,
      ownerSince: owned!.owner_since.toISOString(),
      confirmation,
      cardsRemoved: detached.cards,
      plansEnded: detached.plans.map((p) => ({ id: p.id, plan: p.plan })),
      gatewayCustomerId: null,
    },
  );
  return {
    businessId: claim.business_id,
    businessName: listing.name,
    claimantEmail: claim.claimant_email,
    confirmation,
    detached,
  };
}

// A pending listing claim: confirmed through approveClaim (then any plan the listing had is
// cancelled at the gateway), or rejected with a reason mailed to the claimant.
import { CONTRACTOR_ADMIN_MESSAGES as M } from '../../domain/admin-rules.ts';
import type { TClaimApproval } from '../../schemas/claim-proof.ts';
import type { Sql, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { log } from '../platform/log.ts';
import { claimRejectedMail } from '../platform/mail/contractor-mails.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import type { PaymentGateway } from '../money/index.ts';
import { approveClaim } from './approve-claim.ts';
import { CLAIM_NOT_PENDING } from './admin-rules.ts';

/**
 * Approves a pending listing claim through approveClaim (which audits it; an unconfirmed claim
 * only with `unconfirmed: true`), then cancels at the gateway any plan the listing had, so its
 * previous payer is not billed again. A cancellation the gateway refuses is audited and named in
 * the answer for the admin to finish by hand; the approval stands.
 */
export async function confirmClaim(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'cancelSubscription'>,
  actor: AuditActor,
  claimId: string,
  approval: TClaimApproval = {},
): Promise<{ warning: string | null }> {
  const approved = await sql.begin((tx) => approveClaim(tx, claimId, actor.id, approval));
  const failed: string[] = [];
  for (const plan of approved.detached.plans) {
    if (!plan.gatewaySubscriptionId) continue;
    try {
      await gateway.cancelSubscription(plan.gatewaySubscriptionId);
    } catch (error) {
      log().error(
        { gatewaySubscriptionId: plan.gatewaySubscriptionId, err: error },
        'listing plan not cancelled at the gateway',
      );
      failed.push(plan.gatewaySubscriptionId);
      await sql.begin((tx) =>
        audited(
          tx,
          actor,
          'business.plan_cancel_failed',
          { type: 'business', id: approved.businessId },
          { subscriptionId: plan.gatewaySubscriptionId, plan: plan.plan },
          { error: error instanceof Error ? error.message.slice(0, 300) : 'unknown' },
        ),
      );
    }
  }
  return {
    warning: failed.length
      ? `The listing's plan could not be cancelled at the payment gateway (${failed.join(', ')}): cancel it there so its previous payer is not billed again.`
      : null,
  };
}

/** Rejects a pending listing claim; the claimant is mailed the reason. */
export async function rejectClaim(
  tx: TransactionSql,
  actor: AuditActor,
  claimId: string,
  reason: string,
): Promise<void> {
  const [claim] = await tx<
    { business_id: string; status: string; claimant_email: string; business_name: string }[]
  >`
    select c.business_id, c.status, u.email as claimant_email, b.name as business_name
      from business_claims c join users u on u.id = c.claimant_id join businesses b on b.id = c.business_id
     where c.id = ${claimId} for update of c`;
  if (!claim) throw new AppError('NOT_FOUND', M.claimNotFound);
  if (claim.status !== 'pending') throw new AppError('CONFLICT', CLAIM_NOT_PENDING);
  await tx`
    update business_claims set status = 'rejected', decided_at = now(), decided_by = ${actor.id},
           decision_reason = ${reason}
     where id = ${claimId}`;
  await enqueueMail(tx, claimRejectedMail(claim.claimant_email, claim.business_name, reason));
  await audited(
    tx,
    actor,
    'business_claim.reject',
    { type: 'business', id: claim.business_id },
    { claimId, claimant: claim.claimant_email, status: 'pending' },
    { claimId, claimant: claim.claimant_email, status: 'rejected', reason },
  );
}

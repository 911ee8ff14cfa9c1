// An admin blocks a held or reported request from the fraud queue, with a reason: a held request
// is refused ('blocked', never sold); a sold one refunds every buyer who has not been refunded
// (creditEveryBuyer, reason 'fraud'); either way its phone, e-mail and device are blocked and the
// decision is audited, in one transaction under the lead's lock (so a buyer's report at the same
// moment waits, and finds its credit made). The refunds go through the gateway afterwards, each
// once (settleCredit with the credit's key). Blocking it again answers the request as it stands.
import { FRAUD_FINDING, FRAUD_MESSAGES as M } from '../../../domain/fraud-rules.ts';
import type { FraudDecision } from '../../../schemas/admin-fraud.ts';
import { audited, type AuditActor } from '../../platform/security/audit.ts';
import { settleCredits } from '../credits/settle-credit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentGateway } from '../../money/index.ts';
import { blockLeadIdentities } from './block-lead-identities.ts';
import { creditEveryBuyer } from '../credits/credit-every-buyer.ts';
import { fraudLead } from './fraud-leads.ts';
import { lockQueuedLead } from './lock-queued-lead.ts';

export async function blockLead(
  sql: Sql,
  gateway: PaymentGateway,
  actor: AuditActor,
  leadId: string,
  reason: string,
): Promise<FraudDecision> {
  const settle = await sql.begin(async (tx) => {
    const lead = await lockQueuedLead(tx, leadId);
    if (lead.fraud_review === 'blocked') return [];
    const held = lead.qualification === 'held';
    if (!held && !lead.reported_at) throw new AppError('CONFLICT', M.notInQueue);
    const refunds = held
      ? []
      : await creditEveryBuyer(tx, leadId, { reason: 'fraud', finding: FRAUD_FINDING });
    const qualification = held ? 'blocked' : lead.qualification;
    await tx`
      update leads
         set qualification = ${qualification}, hold_reason = ${held ? reason : lead.hold_reason},
             fraud_review = 'blocked', fraud_reviewed_at = now(), fraud_reviewed_by = ${actor.id}
       where id = ${leadId}`;
    const blocked = await blockLeadIdentities(tx, leadId, reason, actor.id);
    await audited(
      tx,
      actor,
      'lead.fraud.block',
      { type: 'lead', id: leadId },
      { qualification: lead.qualification, holdReason: lead.hold_reason, fraudReview: lead.fraud_review },
      { qualification, fraudReview: 'blocked', reason, refunds: refunds.length, blocked },
    );
    return refunds;
  });
  await settleCredits(sql, gateway, settle);
  return { lead: await fraudLead(sql, leadId), refunded: settle.length, sold: null };
}

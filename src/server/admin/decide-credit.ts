// An admin's decision on a disputed lead in the queue (lead_credits 'open'), always with a reason
// the contractor reads. Grant: the credit moves to 'refunding' with its audit row in one
// transaction under the credit's row lock, then settleCredit refunds it through the gateway with
// the credit's own idempotency key and records it once (refunded, the transaction and the lead
// marked, the contractor mailed). Two grants at once: the second waits for the lock, finds the
// credit already granted and settles it with the same key, so the gateway refunds once and one
// mail goes out. Decline: 'denied', audited and mailed in one transaction. The same decision
// asked again answers the credit as it stands; the other decision is refused.
import { PAYMENTS_MESSAGES as M } from '../../domain/admin-payments-rules.ts';
import type { AdminCreditRequest } from '../../schemas/admin-payments.ts';
import { kickAlertSender, alertPorts, settleCredit, tellCreditDecided } from '../leads/index.ts';
import type { Sql, TransactionSql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import type { PaymentGateway } from '../money/index.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { readCreditRequest } from './list-payments.ts';
import { log } from '../platform/log.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GRANTED = ['refunding', 'refunded', 'approved'];

interface Locked {
  status: string;
  reason: string;
  amount_cents: number;
  decision_reason: string | null;
  payment_intent_id: string | null;
  transaction_status: string | null;
}

async function lockedCredit(tx: TransactionSql, id: string): Promise<Locked> {
  const [credit] = await tx<Locked[]>`
    select c.status, c.reason, c.amount_cents, c.decision_reason, t.stripe_payment_intent_id as payment_intent_id,
           t.payment_status as transaction_status
      from lead_credits c left join payment_transactions t on t.id = c.transaction_id
     where c.id = ${id}
       for update of c`;
  if (!credit) throw new AppError('NOT_FOUND', M.creditNotFound);
  return credit;
}

async function answer(sql: Sql, id: string): Promise<AdminCreditRequest> {
  return (await readCreditRequest(sql, id))!;
}

export async function grantCredit(
  sql: Sql,
  gateway: PaymentGateway,
  actor: AuditActor,
  creditId: string,
  reason: string,
): Promise<AdminCreditRequest> {
  if (!UUID.test(creditId)) throw new AppError('NOT_FOUND', M.creditNotFound);
  const settle = await sql.begin(async (tx) => {
    const credit = await lockedCredit(tx, creditId);
    if (GRANTED.includes(credit.status)) return credit.status === 'refunding';
    if (credit.status !== 'open') throw new AppError('CONFLICT', M.alreadyDecided);
    const refundable =
      credit.payment_intent_id !== null &&
      (credit.transaction_status === 'paid' || credit.transaction_status === 'succeeded');
    if (!refundable) throw new AppError('CONFLICT', M.nothingToRefund);
    await tx`
      update lead_credits
         set status = 'refunding', decided_at = now(), decided_by = ${actor.id}, decision_reason = ${reason}
       where id = ${creditId}`;
    await audited(
      tx,
      actor,
      'lead_credit.grant',
      { type: 'lead_credit', id: creditId },
      { status: 'open', reason: credit.reason, decisionReason: credit.decision_reason },
      { status: 'refunding', decisionReason: reason, refundCents: credit.amount_cents },
    );
    return true;
  });
  if (settle) {
    try {
      await settleCredit(sql, gateway, creditId);
    } catch (error) {
      // The gateway did not answer: the credit stays 'refunding' and the sweeper
      // (resumeRefundingCredits) or a repeated grant settles it with the same key.
      log().error({ creditId, err: error }, 'admin credit refund');
    }
  }
  return answer(sql, creditId);
}

export async function declineCredit(
  sql: Sql,
  actor: AuditActor,
  creditId: string,
  reason: string,
): Promise<AdminCreditRequest> {
  if (!UUID.test(creditId)) throw new AppError('NOT_FOUND', M.creditNotFound);
  const alerts = await sql.begin(async (tx): Promise<number> => {
    const credit = await lockedCredit(tx, creditId);
    if (credit.status === 'denied') return 0;
    if (credit.status !== 'open') throw new AppError('CONFLICT', M.alreadyDecided);
    await tx`
      update lead_credits
         set status = 'denied', decided_at = now(), decided_by = ${actor.id}, decision_reason = ${reason}
       where id = ${creditId}`;
    await audited(
      tx,
      actor,
      'lead_credit.decline',
      { type: 'lead_credit', id: creditId },
      { status: 'open', reason: credit.reason, decisionReason: credit.decision_reason },
      { status: 'denied', decisionReason: reason },
    );
    return tellCreditDecided(tx, creditId, false);
  });
  if (alerts > 0) kickAlertSender(sql, alertPorts);
  return answer(sql, creditId);
}

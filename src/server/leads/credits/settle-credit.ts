// Refunds a credit whose rule was met ('refunding'), through the gateway with the credit's own
// idempotency key, outside any transaction; then records it once: only the run that moves the
// credit out of 'refunding' marks the transaction and the lead refunded and mails the
// contractor (alerts and mail by the channels it chose, with an admin's reason when an admin
// granted it). Two runs at once (two disputes of
// one lead, two grants, a retry) refund once and mail once. A
// refund the gateway refuses sends the credit to the admin queue; a gateway outage leaves it
// 'refunding' for the next run (a dispute repeated, or resumeRefundingCredits).
import { kickAlertSender } from '../alerts/deliver-alerts.ts';
import { alertPorts } from '../alerts/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import type { PaymentGateway } from '../../money/index.ts';
import { withdrawnForCredit } from '../../../domain/review-rules.ts';
import { withdrawJobReviews } from '../reviews/withdraw-job-reviews.ts';
import { tellCreditDecided } from './tell-credit-decided.ts';
import { log } from '../../platform/log.ts';

interface Pending {
  id: string;
  business_id: string;
  distribution_id: string;
  transaction_id: string;
  reason: string;
  amount_cents: number;
  idempotency_key: string;
  payment_intent_id: string;
}

export async function settleCredit(sql: Sql, gateway: PaymentGateway, creditId: string): Promise<void> {
  const [credit] = await sql<Pending[]>`
    select c.id, c.business_id, c.distribution_id, c.transaction_id, c.reason, c.amount_cents, c.idempotency_key,
           t.stripe_payment_intent_id as payment_intent_id
      from lead_credits c join payment_transactions t on t.id = c.transaction_id
     where c.id = ${creditId} and c.status = 'refunding' and t.stripe_payment_intent_id is not null`;
  if (!credit) return;
  const result = await gateway.refund({
    paymentIntentId: credit.payment_intent_id,
    amountCents: credit.amount_cents,
    idempotencyKey: credit.idempotency_key,
    reason: credit.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer',
    metadata: { creditId: credit.id, distributionId: credit.distribution_id },
  });
  const alerts = await sql.begin(async (tx): Promise<number> => {
    if (result.status === 'failed') {
      await tx`
        update lead_credits
           set status = 'open',
               finding = left(finding || ' The refund did not go through (' || ${result.message} || '); our team will handle it.', 500)
         where id = ${credit.id} and status = 'refunding'`;
      return 0;
    }
    const [changed] = await tx`
      update lead_credits set status = 'refunded', refunded_at = now(), gateway_refund_id = ${result.refundId}
       where id = ${credit.id} and status = 'refunding'
       returning id`;
    if (!changed) return 0;
    await tx`
      update payment_transactions
         set payment_status = 'refunded',
             refunded_amount_cents = greatest(refunded_amount_cents, ${credit.amount_cents}),
             refunded_at = coalesce(refunded_at, now())
       where id = ${credit.transaction_id} and payment_status in ('paid', 'succeeded')`;
    await tx`
      update lead_distributions set payment_status = 'refunded'
       where id = ${credit.distribution_id} and payment_status = 'paid'`;
    // A refunded lead is no job booked here: its review is withdrawn.
    await withdrawJobReviews(tx, [credit.distribution_id], withdrawnForCredit(credit.reason));
    return tellCreditDecided(tx, credit.id, true);
  });
  if (alerts > 0) kickAlertSender(sql, alertPorts);
}

/** Settles several credits one after the other; a gateway that does not answer leaves a credit
 * 'refunding' for the sweeper (resumeRefundingCredits), with the same key. */
export async function settleCredits(sql: Sql, gateway: PaymentGateway, creditIds: string[]): Promise<void> {
  for (const id of new Set(creditIds)) {
    try {
      await settleCredit(sql, gateway, id);
    } catch (error) {
      log().error({ id, err: error }, 'lead credit refund');
    }
  }
}

/** Credits left 'refunding' by a gateway outage, settled again with the same key (for the
 * five-minute sweeper). Returns how many were tried. */
export async function resumeRefundingCredits(sql: Sql, gateway: PaymentGateway): Promise<number> {
  const rows = await sql<{ id: string }[]>`
    select id from lead_credits where status = 'refunding' and created_at < now() - interval '1 minute'
     order by created_at limit 100`;
  for (const row of rows) await settleCredit(sql, gateway, row.id);
  return rows.length;
}

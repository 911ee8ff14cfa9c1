// Refunds every buyer of a lead at once (two buyers' reports, or an admin's fraud block): each paid
// distribution gets one credit, inside the caller's transaction under the lead's lock. A buyer
// without a credit gets a new one; a buyer whose credit waits in the admin queue ('open') or was
// declined has it moved to 'refunding' (a reporter keeps its own reason, 'fake' or 'bad_number');
// a credit already refunded or under way is left alone. One credit per distribution
// (lead_credits' UNIQUE(distribution_id)) and the credit's own idempotency key make each buyer's
// refund happen once; the caller settles the returned credits with settleCredit outside the
// transaction (a gateway outage leaves them to resumeRefundingCredits).
import { REPORT_REASONS, type AutomaticCreditReason } from '../../../domain/credit-rules.ts';
import type { TransactionSql } from '../../platform/db/client.ts';

interface Buyer {
  distribution_id: string;
  business_id: string;
  credit_id: string | null;
  credit_status: string | null;
  credit_reason: string | null;
  transaction_id: string | null;
  transaction_status: string | null;
  payment_intent_id: string | null;
  amount_cents: number;
}

/** The credit ids to settle (status 'refunding'). */
export async function creditEveryBuyer(
  tx: TransactionSql,
  leadId: string,
  credit: { reason: Extract<AutomaticCreditReason, 'reported' | 'fraud'>; finding: string },
): Promise<string[]> {
  const buyers = await tx<Buyer[]>`
    select d.id as distribution_id, d.business_id, c.id as credit_id, c.status as credit_status,
           c.reason as credit_reason, t.id as transaction_id, t.payment_status as transaction_status,
           coalesce(t.stripe_payment_intent_id, d.stripe_payment_intent_id) as payment_intent_id,
           coalesce(t.payment_amount_cents, d.payment_amount_cents) as amount_cents
      from lead_distributions d
      left join lead_credits c on c.distribution_id = d.id
      left join payment_transactions t on t.distribution_id = d.id
     where d.lead_id = ${leadId} and d.payment_status = 'paid'
     order by d.rank, d.id`;
  const settle: string[] = [];
  for (const buyer of buyers) {
    // Refunded through the gateway only where there is a charge there to refund.
    const refundable =
      buyer.payment_intent_id !== null &&
      buyer.transaction_id !== null &&
      (buyer.transaction_status === 'paid' || buyer.transaction_status === 'succeeded');
    const status = refundable ? 'refunding' : 'open';
    const finding = (refundable ? credit.finding : `${credit.finding} Our team will refund it.`).slice(
      0,
      500,
    );
    if (buyer.credit_id === null) {
      const [made] = await tx<{ id: string; status: string }[]>`
        insert into lead_credits (business_id, distribution_id, transaction_id, reason, status, finding, amount_cents,
                                  idempotency_key)
        values (${buyer.business_id}, ${buyer.distribution_id}, ${buyer.transaction_id}, ${credit.reason}, ${status},
                ${finding}, ${buyer.amount_cents}, ${`lead-credit-${buyer.distribution_id}`})
        on conflict (distribution_id) do nothing
        returning id, status`;
      if (made?.status === 'refunding') settle.push(made.id);
      continue;
    }
    if (buyer.credit_status === 'refunding') {
      settle.push(buyer.credit_id);
      continue;
    }
    if (buyer.credit_status !== 'open' && buyer.credit_status !== 'denied') continue;
    // A reporter keeps the reason it gave; any other request of this buyer is now this credit.
    const reason = REPORT_REASONS.includes(buyer.credit_reason as never)
      ? buyer.credit_reason!
      : credit.reason;
    // An earlier decision is dropped from the row (the audit log keeps it): the refund's mail
    // shows this finding, not the reason an admin once gave for declining.
    await tx`
      update lead_credits
         set status = ${status}, reason = ${reason}, finding = ${finding},
             transaction_id = coalesce(transaction_id, ${buyer.transaction_id}),
             decided_at = null, decided_by = null, decision_reason = null
       where id = ${buyer.credit_id}`;
    if (refundable) settle.push(buyer.credit_id);
  }
  return settle;
}

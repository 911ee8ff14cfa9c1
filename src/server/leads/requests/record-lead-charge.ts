// Records how a lead's charge ended, from whichever tells us first: the gateway's synchronous
// answer (charge-distribution.ts) or Stripe's webhook with the PaymentIntent re-read
// (payments/webhooks/charge-events.ts). Both come here, so they cannot drift apart, and in any
// order, any number of times, they end in the same state:
// - one payment_transactions row per distribution (its idempotency key), never two;
// - the distribution moves out of 'pending' once, to 'paid' or 'failed', and from 'failed' to
//   'paid' only if the gateway later says the money was taken after all; never back from 'paid';
// - the contractor's mail, its alerts (pushes, a text) and the lead's count in analytics go with
//   that move, so they happen once. Alerts are sent after the transaction, in the background: a
//   push service or SMS provider that is slow or down never delays or fails the sale
//   (alerts/deliver-alerts.ts).
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { addToAnalytics } from '../../site/index.ts';
import { kickAlertSender } from '../alerts/deliver-alerts.ts';
import { alertPorts } from '../alerts/index.ts';
import { alertUser, leadNotice, paymentFailedNotice } from '../alerts/queue-alerts.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { declinedLeadMail, leadMail } from '../../platform/mail/lead-mails.ts';
import type { LeadRow } from './types.ts';

export type LeadChargeOutcome =
  | { status: 'paid'; paymentIntentId: string }
  | { status: 'failed'; paymentIntentId: string | null; message: string };

/** The idempotency key of a distribution's charge: the gateway's and the transaction row's. */
export const leadChargeKey = (distributionId: string): string => `lead-distribution-${distributionId}`;

/** Whether this call moved the distribution (and so sent its mail). */
export type RecordResult = 'moved' | 'unchanged' | 'not_found';

export async function recordLeadCharge(
  sql: Sql,
  distributionId: string,
  outcome: LeadChargeOutcome,
): Promise<RecordResult> {
  const result = await sql.begin(async (tx) => {
    // Locked first: a webhook and the synchronous answer for one charge take turns here.
    const [distribution] = await tx<
      { lead_id: string; business_id: string; payment_amount_cents: number; payment_status: string }[]
    >`
      select lead_id, business_id, payment_amount_cents, payment_status
        from lead_distributions where id = ${distributionId} for update`;
    if (!distribution) return 'not_found';
    const paid = outcome.status === 'paid';
    const failure = paid ? null : outcome.message;
    await tx`
      insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
        payment_status, stripe_payment_intent_id, failure_message, description)
      values (${distribution.business_id}, ${distribution.lead_id}, ${distributionId}, ${leadChargeKey(distributionId)},
        ${distribution.payment_amount_cents}, ${paid ? 'paid' : 'failed'}, ${outcome.paymentIntentId}, ${failure},
        ${'Lead charge'})
      on conflict (idempotency_key) do update set
        payment_status = 'paid',
        stripe_payment_intent_id = coalesce(excluded.stripe_payment_intent_id, payment_transactions.stripe_payment_intent_id),
        failure_message = null
      where excluded.payment_status = 'paid' and payment_transactions.payment_status in ('pending', 'failed')`;

    const from = paid ? ['pending', 'failed'] : ['pending'];
    if (!from.includes(distribution.payment_status)) return 'unchanged';
    await tx`
      update lead_distributions set
        payment_status = ${paid ? 'paid' : 'failed'},
        status = ${paid ? 'sent' : 'payment_failed'},
        charged_at = ${paid ? tx`now()` : null},
        sent_at = ${paid ? tx`now()` : null},
        stripe_payment_intent_id = coalesce(${outcome.paymentIntentId}, stripe_payment_intent_id),
        payment_error_message = ${failure}
      where id = ${distributionId}`;
    // Counted on the move to paid, in its transaction: a rerun counts nothing twice.
    if (paid) await addToAnalytics(tx, 'LEAD_GENERATED', [distribution.business_id]);
    const alerts = await tellContractor(
      tx,
      distributionId,
      distribution.lead_id,
      distribution.business_id,
      outcome,
    );
    return { moved: 'moved' as const, alerts };
  });
  if (typeof result === 'string') return result;
  if (result.alerts > 0) kickAlertSender(sql, alertPorts);
  return result.moved;
}

/**
 * The contractor's alerts (a new lead, or a failed payment) by the channels it chose, and its
 * mail unless it turned that off, from one read of the business and the lead. How many pushes
 * and texts were queued.
 */
async function tellContractor(
  tx: TransactionSql,
  distributionId: string,
  leadId: string,
  businessId: string,
  outcome: LeadChargeOutcome,
): Promise<number> {
  const [contractor] = await tx<
    { name: string; email: string | null; response_time_hours: number | null; owner_id: string | null }[]
  >`select name, email, response_time_hours, owner_id from businesses where id = ${businessId}`;
  const [lead] = await tx<LeadRow[]>`
    select id, service_id, email, name, phone, zip_code, city, latitude, longitude, qualification, project_type,
           project_description, timeline, budget_min, budget_max, property_address, preferred_contact_method
    from leads where id = ${leadId}`;
  if (!contractor || !lead) return 0;
  const notice = outcome.status === 'paid' ? leadNotice(distributionId, lead) : paymentFailedNotice(lead);
  const told = contractor.owner_id
    ? await alertUser(tx, contractor.owner_id, notice)
    : { queued: 0, email: true };
  if (contractor.email && told.email) {
    const recipient = { name: contractor.name, email: contractor.email };
    await enqueueMail(
      tx,
      outcome.status === 'paid'
        ? leadMail({ ...recipient, responseTimeHours: contractor.response_time_hours }, lead, distributionId)
        : declinedLeadMail(recipient, lead, outcome.message || 'The payment was declined.'),
    );
  }
  return told.queued;
}

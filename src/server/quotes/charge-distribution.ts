// Sells a lead to one contractor: a distribution row (one per lead and business, reserved only
// within the business's own limits: spend-caps.ts), a charge keyed by that row, then the result
// recorded, with the contractor's mail sent only by the run that moves the distribution out of
// 'pending'. The gateway is called outside any transaction.
import { LEAD_PRICE_CENTS } from '../../domain/quote-rules.ts';
import { addToAnalytics } from '../analytics/add-to-analytics.ts';
import { markCardExpired } from '../billing/mark-card-expired.ts';
import type { Sql } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { declinedLeadMail, leadMail } from './lead-mails.ts';
import { reserveDistribution } from './spend-caps.ts';
import type { Candidate, LeadRow, SubmitOptions } from './types.ts';

export async function chargeDistribution(
  sql: Sql,
  lead: LeadRow,
  candidate: Candidate,
  rank: number,
  options: SubmitOptions,
): Promise<void> {
  // A paused business, or one at a cap, is skipped: no row, and the lead goes to the next pro.
  if (await reserveDistribution(sql, lead.id, candidate.id, rank)) return;
  const [distribution] = await sql<{ id: string; payment_status: string }[]>`
    select id, payment_status from lead_distributions where lead_id = ${lead.id} and business_id = ${candidate.id}`;
  if (!distribution || distribution.payment_status !== 'pending') return;

  const idempotencyKey = `lead-distribution-${distribution.id}`;
  const result = await options.gateway.charge({
    customerId: candidate.customerId,
    paymentMethodId: candidate.paymentMethodId,
    amountCents: LEAD_PRICE_CENTS,
    idempotencyKey,
    description: `Lead: ${lead.project_type} in ${lead.city ?? lead.zip_code ?? 'the Dayton area'}`,
    metadata: { leadId: lead.id, distributionId: distribution.id },
  });
  await options.afterCharge?.(distribution.id);

  await sql.begin(async (tx) => {
    const paid = result.status === 'succeeded';
    const failure = paid ? null : result.message;
    await tx`
      insert into payment_transactions (business_id, lead_id, distribution_id, idempotency_key, payment_amount_cents,
        payment_status, stripe_payment_intent_id, failure_message, description)
      values (${candidate.id}, ${lead.id}, ${distribution.id}, ${idempotencyKey}, ${LEAD_PRICE_CENTS},
        ${paid ? 'paid' : 'failed'}, ${result.paymentIntentId}, ${failure}, ${'Lead charge'})
      on conflict (idempotency_key) do nothing`;
    // Only the run that moves the distribution out of 'pending' sends its mail.
    const [changed] = await tx`
      update lead_distributions set
        payment_status = ${paid ? 'paid' : 'failed'},
        status = ${paid ? 'sent' : 'payment_failed'},
        charged_at = ${paid ? tx`now()` : null},
        sent_at = ${paid ? tx`now()` : null},
        stripe_payment_intent_id = ${result.paymentIntentId},
        payment_error_message = ${failure}
      where id = ${distribution.id} and payment_status = 'pending'
      returning id`;
    await markCardExpired(tx, candidate.id, candidate.paymentMethodId, result);
    if (!changed) return;
    // Counted on the transition to paid, in its transaction: a rerun counts nothing twice.
    if (paid) await addToAnalytics(tx, 'LEAD_GENERATED', [candidate.id]);
    if (!candidate.email) return;
    if (paid) {
      await enqueueMail(tx, leadMail({ ...candidate, email: candidate.email }, lead));
    } else {
      const reason = failure ?? 'The payment was declined.';
      await enqueueMail(tx, declinedLeadMail({ ...candidate, email: candidate.email }, lead, reason));
    }
  });
}

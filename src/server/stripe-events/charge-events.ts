// The charge side of Stripe's webhooks: a lead charge's outcome, a refund, a chargeback. Each
// handler re-reads its object from Stripe (the payload's copy may be stale: events arrive late,
// twice and out of order) and writes what the re-read object says, idempotently:
// - payment_intent.succeeded / payment_failed: a lead charge (metadata distributionId, set by
//   charge-distribution.ts) recorded by the same function as the synchronous answer, so
//   whichever comes first records it and the other changes nothing (record-lead-charge.ts);
// - charge.refunded: the transaction shows the refunded amount, and 'refunded' once whole (a
//   lead's review is then withdrawn: src/server/leads/reviews/withdraw-job-reviews.ts);
// - charge.dispute.created: a chargeback in the admin queue (chargebacks, status 'open').
import type Stripe from 'stripe';
import { WITHDRAWN_FOR_REFUND } from '../../domain/review-rules.ts';
import { recordLeadCharge, type LeadChargeOutcome, withdrawJobReviews } from '../leads/index.ts';
import type { AsRead, WebhookContext, WebhookHandlers } from '../money/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** What a re-read PaymentIntent says of its charge; null while it is still under way. */
function intentOutcome(intent: AsRead<Stripe.PaymentIntent>): LeadChargeOutcome | null {
  if (intent.status === 'succeeded') return { status: 'paid', paymentIntentId: intent.id };
  if (
    intent.status === 'requires_payment_method' ||
    intent.status === 'requires_action' ||
    intent.status === 'canceled'
  ) {
    return {
      status: 'failed',
      paymentIntentId: intent.id,
      message: intent.last_payment_error?.message ?? 'The payment was not completed.',
    };
  }
  return null;
}

async function settleLeadCharge({ sql, stripe, event }: WebhookContext): Promise<void> {
  const id = (event.data.object as { id: string }).id;
  const intent: AsRead<Stripe.PaymentIntent> = await stripe.paymentIntents.retrieve(id);
  const distributionId = intent.metadata?.['distributionId'];
  // Not a lead charge (a plan's invoice, say): another part's, or nobody's.
  if (!distributionId || !UUID.test(distributionId)) return;
  const outcome = intentOutcome(intent);
  if (!outcome) return;
  await recordLeadCharge(sql, distributionId, outcome);
}

async function recordRefund({ sql, stripe, event }: WebhookContext): Promise<void> {
  const charge: AsRead<Stripe.Charge> = await stripe.charges.retrieve(
    (event.data.object as { id: string }).id,
  );
  const intentId = idOf(charge.payment_intent);
  const amountRefunded = charge.amount_refunded ?? 0;
  if (!intentId || amountRefunded <= 0) return;
  await sql.begin(async (tx) => {
    // The amount only grows (a later event may carry a second partial refund); 'refunded' once
    // Stripe says the whole charge was given back.
    const rows = await tx<{ distribution_id: string | null }[]>`
      update payment_transactions set
        refunded_amount_cents = greatest(refunded_amount_cents, least(${amountRefunded}, payment_amount_cents)),
        refunded_at = coalesce(refunded_at, now()),
        payment_status = case when ${charge.refunded === true} then 'refunded' else payment_status end
       where stripe_payment_intent_id = ${intentId}
         and payment_status in ('paid', 'succeeded', 'refunded')
      returning distribution_id`;
    const distributions = rows.flatMap((row) => (row.distribution_id ? [row.distribution_id] : []));
    if (charge.refunded === true && distributions.length) {
      await tx`
        update lead_distributions set payment_status = 'refunded'
         where id = any(${distributions}::uuid[]) and payment_status = 'paid'`;
      await withdrawJobReviews(tx, distributions, WITHDRAWN_FOR_REFUND);
    }
  });
}

async function recordChargeback({ sql, stripe, event }: WebhookContext): Promise<void> {
  const dispute: AsRead<Stripe.Dispute> = await stripe.disputes.retrieve(
    (event.data.object as { id: string }).id,
  );
  const chargeId = idOf(dispute.charge);
  // A dispute names the charge it disputes; without one there is nothing to tie it to.
  if (!chargeId) return;
  const intentId = idOf(dispute.payment_intent);
  const [transaction] = intentId
    ? await sql<{ id: string; business_id: string }[]>`
        select id, business_id from payment_transactions where stripe_payment_intent_id = ${intentId}
         order by created_at limit 1`
    : [];
  let businessId = transaction?.business_id ?? null;
  if (!businessId) {
    // Not a lead charge we recorded: the business is the charge's customer, if it is one of ours.
    const charge = await stripe.charges.retrieve(chargeId);
    const customerId = idOf(charge.customer);
    if (customerId) {
      const [business] = await sql<{ id: string }[]>`
        select id from businesses where stripe_customer_id = ${customerId}`;
      businessId = business?.id ?? null;
    }
  }
  const dueBy = dispute.evidence_details?.due_by;
  await sql`
    insert into chargebacks (stripe_dispute_id, stripe_charge_id, business_id, transaction_id, amount_cents,
      currency, reason, stripe_status, evidence_due_by)
    values (${dispute.id}, ${chargeId}, ${businessId}, ${transaction?.id ?? null}, ${dispute.amount ?? 0},
      ${dispute.currency ?? 'usd'}, ${(dispute.reason || 'general').slice(0, 100)},
      ${(dispute.status || 'needs_response').slice(0, 100)},
      ${dueBy ? new Date(dueBy * 1000) : null})
    on conflict (stripe_dispute_id) do update set
      stripe_status = excluded.stripe_status,
      amount_cents = excluded.amount_cents,
      reason = excluded.reason,
      evidence_due_by = excluded.evidence_due_by,
      business_id = coalesce(chargebacks.business_id, excluded.business_id),
      transaction_id = coalesce(chargebacks.transaction_id, excluded.transaction_id)`;
}

export const chargeWebhookHandlers: WebhookHandlers = {
  'payment_intent.succeeded': settleLeadCharge,
  'payment_intent.payment_failed': settleLeadCharge,
  'charge.refunded': recordRefund,
  'charge.dispute.created': recordChargeback,
};

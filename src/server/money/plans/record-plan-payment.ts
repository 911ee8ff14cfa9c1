// A plan's payment as a row of payment_transactions (the Transactions tab, its CSV, Monthly
// Spending), one per idempotency key: a sandbox plan period's charge or a Stripe invoice. No lead
// and no distribution: the spend caps (business_lead_usage counts lead_distributions) never see
// it. Written in any order and any number of times it ends the same: a paid row is final (a
// failure reported after the payment changes nothing), a failed one becomes paid when paid.
import type { Db } from '../../platform/db/client.ts';

export interface PlanPayment {
  businessId: string;
  idempotencyKey: string;
  amountCents: number;
  status: 'paid' | 'failed';
  description: string;
  /** The gateway's charge (the sandbox's payment intent); null for a Stripe invoice row. */
  paymentIntentId: string | null;
  /** The stored receipt (a Stripe invoice's hosted page); null asks the gateway by the charge. */
  receiptUrl: string | null;
  failureMessage: string | null;
  createdAt: Date;
}

/** Records the payment; whether this call wrote it first as failed (its alert goes once). */
export async function recordPlanPayment(sql: Db, payment: PlanPayment): Promise<boolean> {
  const [row] = await sql<{ first_failure: boolean }[]>`
    insert into payment_transactions (business_id, idempotency_key, payment_amount_cents, payment_status,
      stripe_payment_intent_id, description, receipt_url, failure_message, created_at)
    values (${payment.businessId}, ${payment.idempotencyKey}, ${payment.amountCents}, ${payment.status},
      ${payment.paymentIntentId}, ${payment.description}, ${payment.receiptUrl}, ${payment.failureMessage},
      ${payment.createdAt})
    on conflict (idempotency_key) do update set
      payment_amount_cents = excluded.payment_amount_cents,
      payment_status = excluded.payment_status,
      stripe_payment_intent_id = coalesce(excluded.stripe_payment_intent_id, payment_transactions.stripe_payment_intent_id),
      description = excluded.description,
      receipt_url = coalesce(excluded.receipt_url, payment_transactions.receipt_url),
      failure_message = excluded.failure_message
    where payment_transactions.business_id = excluded.business_id
      and payment_transactions.lead_id is null
      and payment_transactions.payment_status in ('pending', 'failed')
    returning (xmax = 0 and payment_status = 'failed') as first_failure`;
  return row?.first_failure ?? false;
}

// Our own receipt of one of the business's charges (issue 24, Must 6): for a charge the gateway
// has no receipt page for (the sandbox's charges without an intent, such as the demo's, and plan
// payments), read from our ledger each time, so a later refund shows on it. Only a charge whose
// money was taken (paid, or refunded since) has one; another business's transaction, one from
// before its owner had the business, or an unknown id is null (the page answers 404).
import { CHARGE_WORDS, wordFor } from '../../../domain/format.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { RECEIPT_STATUSES } from './transaction-receipt.ts';
import { describeTransaction, type TransactionRow } from './transaction-rows.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OwnReceipt {
  id: string;
  businessName: string;
  businessAddress: string;
  description: string;
  amountCents: number;
  refundedCents: number;
  status: string;
  paidAt: Date;
  /** The gateway's charge, when there is one. */
  paymentIntentId: string | null;
}

export async function ownReceipt(
  sql: Sql,
  businessId: string,
  transactionId: string,
): Promise<OwnReceipt | null> {
  if (!UUID.test(transactionId)) return null;
  const [row] = await sql<
    (Pick<
      TransactionRow,
      | 'stored_description'
      | 'service_name'
      | 'place'
      | 'payment_amount_cents'
      | 'refunded_amount_cents'
      | 'payment_status'
      | 'created_at'
    > & { business_name: string; business_address: string; intent: string | null })[]
  >`
    select t.description as stored_description, s.name as service_name, coalesce(l.city, l.zip_code) as place,
           t.payment_amount_cents, t.refunded_amount_cents, t.payment_status, t.created_at,
           t.stripe_payment_intent_id as intent, b.name as business_name,
           concat_ws(', ', b.address, b.city, concat_ws(' ', b.state, b.zip_code)) as business_address
      from payment_transactions t
      join businesses b on b.id = t.business_id
      left join leads l on l.id = t.lead_id
      left join services s on s.id = l.service_id
     where t.id = ${transactionId} and t.business_id = ${businessId}
       and t.payment_status in ${sql(RECEIPT_STATUSES)}
       and t.created_at >= ${ownerSince(sql, businessId)}`;
  if (!row) return null;
  return {
    id: transactionId,
    businessName: row.business_name,
    businessAddress: row.business_address,
    description: describeTransaction(row),
    amountCents: row.payment_amount_cents,
    // A whole refund may predate the refunded amount's column (then it is the whole amount).
    refundedCents:
      row.payment_status === 'refunded'
        ? Math.max(row.refunded_amount_cents, row.payment_amount_cents)
        : row.refunded_amount_cents,
    status: wordFor(CHARGE_WORDS, row.payment_status),
    paidAt: row.created_at,
    paymentIntentId: row.intent,
  };
}

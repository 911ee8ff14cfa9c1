// The receipt of one of the business's transactions: the stored receipt URL, or the gateway's
// receipt of its charge (asked once, then stored), or else our own receipt page
// (/contractor/billing/receipts/<id>: a charge the gateway has no receipt for, such as the
// demo's), so every charge whose money was taken has one (issue 24). Null only for a charge that
// took nothing (failed, pending): spec 'Receipt Not Available'. Another business's transaction,
// like an unknown id, is not found, and so is one from before the business's owner had it.
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentGateway } from '../gateway/gateway.ts';
import { ownReceiptPath } from '../../../domain/billing-rules.ts';
import { TRANSACTION_NOT_FOUND } from '../money-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A charge the gateway took (a refunded one keeps its receipt, which shows the refund). */
export const RECEIPT_STATUSES = ['paid', 'succeeded', 'refunded'] as const;

export async function transactionReceipt(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'receiptUrl'>,
  businessId: string,
  transactionId: string,
): Promise<string | null> {
  if (!UUID.test(transactionId)) throw new AppError('NOT_FOUND', TRANSACTION_NOT_FOUND);
  const [row] = await sql<{ payment_status: string; intent: string | null; receipt_url: string | null }[]>`
    select payment_status, stripe_payment_intent_id as intent, receipt_url
      from payment_transactions
     where id = ${transactionId} and business_id = ${businessId} and payment_status <> 'legacy'
       and created_at >= ${ownerSince(sql, businessId)}`;
  if (!row) throw new AppError('NOT_FOUND', TRANSACTION_NOT_FOUND);
  if (row.receipt_url) return row.receipt_url;
  if (!(RECEIPT_STATUSES as readonly string[]).includes(row.payment_status)) return null;
  const url = row.intent ? await gateway.receiptUrl(row.intent) : null;
  // Not stored: our page reads the row each time, so it shows a later refund too.
  if (!url) return ownReceiptPath(transactionId);
  // Stored once: a receipt asked for twice at once keeps the first URL.
  const [stored] = await sql<{ receipt_url: string }[]>`
    update payment_transactions set receipt_url = coalesce(receipt_url, ${url})
     where id = ${transactionId} and business_id = ${businessId}
     returning receipt_url`;
  return stored?.receipt_url ?? url;
}

// One business's payment transactions as the billing page shows them: 'legacy' rows excluded,
// newest first, within a range of days, after a keyset cursor (created_at, id), none from before
// its owner had it, each lead charge with its credit (a dispute, or an automatic credit) if any.
// The list and the CSV export read the same statement, so the export's rows are the table's.
import { rangeDays, type BillingRange } from '../../domain/billing-rules.ts';
import type { CreditRowReason, CreditStatus } from '../../domain/credit-rules.ts';
import type { BillingTransaction, TransactionStatus } from '../../schemas/billing.ts';
import type { Sql } from '../db/client.ts';
import { ownerSince } from '../contractor/owner-since.ts';

export interface TransactionRow {
  id: string;
  created_at: Date;
  cursor_at: string;
  description: string;
  payment_amount_cents: number;
  payment_status: TransactionStatus;
  receipt_url: string | null;
  failure_message: string | null;
  has_charge: boolean;
  credit_reason: CreditRowReason | null;
  credit_status: CreditStatus | null;
  credit_finding: string | null;
}

export interface TransactionFilter {
  businessId: string;
  range: BillingRange;
  after?: { at: string; id: string } | null;
  limit?: number;
}

export function transactionsQuery(sql: Sql, filter: TransactionFilter) {
  const days = rangeDays(filter.range);
  const after = filter.after;
  return sql<TransactionRow[]>`
    select t.id, t.created_at, t.created_at::text as cursor_at,
           concat_ws(' · ', coalesce(t.description, 'Charge'),
                     l.project_type || ' in ' || coalesce(l.city, l.zip_code, 'the Dayton area')) as description,
           t.payment_amount_cents, t.payment_status, t.receipt_url, t.failure_message,
           (t.stripe_payment_intent_id is not null and t.payment_status in ('paid', 'succeeded', 'refunded')) as has_charge,
           c.reason as credit_reason, c.status as credit_status, c.finding as credit_finding
      from payment_transactions t
      left join leads l on l.id = t.lead_id
      left join lead_credits c on c.distribution_id = t.distribution_id
     where t.business_id = ${filter.businessId}
       and t.payment_status <> 'legacy'
       and t.created_at >= ${ownerSince(sql, filter.businessId)}
       ${days === null ? sql`` : sql`and t.created_at >= now() - make_interval(days => ${days})`}
       ${after ? sql`and (t.created_at, t.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by t.created_at desc, t.id desc
     ${filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`}`;
}

export function toTransaction(row: TransactionRow): BillingTransaction {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    description: row.description,
    amountCents: row.payment_amount_cents,
    status: row.payment_status,
    receiptUrl: row.receipt_url,
    receiptAvailable: row.receipt_url !== null || row.has_charge,
    failureMessage: row.failure_message,
    credit:
      row.credit_reason && row.credit_status
        ? { reason: row.credit_reason, status: row.credit_status, finding: row.credit_finding ?? '' }
        : null,
  };
}

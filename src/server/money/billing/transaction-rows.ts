// One business's payment transactions as the billing page shows them: 'legacy' rows excluded,
// newest first, within a range of days, after a keyset cursor (created_at, id), none from before
// its owner had it, each lead charge with its credit (a dispute, or an automatic credit) if any
// and until when it may still be disputed. The list and the CSV export read the same statement,
// so the export's rows are the table's; both word the description the same way (toTransaction).
import { rangeDays, type BillingRange } from '../../../domain/billing-rules.ts';
import { CREDIT_WINDOW_DAYS, type CreditRowReason, type CreditStatus } from '../../../domain/credit-rules.ts';
import { serviceInPlace } from '../../../domain/format.ts';
import { PLAN_PAYMENT_KEY_PATTERN } from '../../../domain/plan-payments.ts';
import type { BillingTransaction, TransactionStatus } from '../../../schemas/billing.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { RECEIPT_STATUSES } from './transaction-receipt.ts';

export interface TransactionRow {
  id: string;
  created_at: Date;
  cursor_at: string;
  stored_description: string | null;
  service_name: string | null;
  place: string | null;
  is_plan: boolean;
  payment_amount_cents: number;
  refunded_amount_cents: number;
  payment_status: TransactionStatus;
  receipt_url: string | null;
  failure_message: string | null;
  distribution_id: string | null;
  disputable_until: Date | null;
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
    select t.id, t.created_at, t.created_at::text as cursor_at, t.description as stored_description,
           s.name as service_name, coalesce(l.city, l.zip_code) as place,
           (t.lead_id is null and t.idempotency_key ~ ${PLAN_PAYMENT_KEY_PATTERN}) as is_plan,
           t.payment_amount_cents, t.refunded_amount_cents, t.payment_status, t.receipt_url, t.failure_message,
           d.id as distribution_id,
           case when d.payment_status = 'paid' and c.id is null
                 and d.charged_at + make_interval(days => ${CREDIT_WINDOW_DAYS}) > now()
                then d.charged_at + make_interval(days => ${CREDIT_WINDOW_DAYS}) end as disputable_until,
           c.reason as credit_reason, c.status as credit_status, c.finding as credit_finding
      from payment_transactions t
      left join leads l on l.id = t.lead_id
      left join services s on s.id = l.service_id
      left join lead_distributions d on d.id = t.distribution_id
      left join lead_credits c on c.distribution_id = t.distribution_id
     where t.business_id = ${filter.businessId}
       and t.payment_status <> 'legacy'
       and t.created_at >= ${ownerSince(sql, filter.businessId)}
       ${days === null ? sql`` : sql`and t.created_at >= now() - make_interval(days => ${days})`}
       ${after ? sql`and (t.created_at, t.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by t.created_at desc, t.id desc
     ${filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`}`;
}

/** "Lead: Electrical in Dayton" for a lead's charge; a plan's payment or another charge as stored. */
export function describeTransaction(
  row: Pick<TransactionRow, 'service_name' | 'place' | 'stored_description'>,
): string {
  if (row.service_name) return `Lead: ${serviceInPlace(row.service_name, row.place ?? 'the Dayton area')}`;
  return row.stored_description?.trim() || 'Charge';
}

export function toTransaction(row: TransactionRow): BillingTransaction {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    description: describeTransaction(row),
    kind: row.service_name || row.distribution_id ? 'lead' : row.is_plan ? 'plan' : 'other',
    amountCents: row.payment_amount_cents,
    refundedCents: row.refunded_amount_cents,
    status: row.payment_status,
    receiptUrl: row.receipt_url,
    // Every charge whose money was taken has a receipt: the gateway's, or our own page.
    receiptAvailable: (RECEIPT_STATUSES as readonly string[]).includes(row.payment_status),
    failureMessage: row.failure_message,
    credit:
      row.credit_reason && row.credit_status
        ? { reason: row.credit_reason, status: row.credit_status, finding: row.credit_finding ?? '' }
        : null,
    distributionId: row.distribution_id,
    disputableUntil: row.disputable_until?.toISOString() ?? null,
  };
}

// The admin payments page's lists, newest first in keyset pages of 25: transactions (filtered by
// status and business name; failures carry the decline reason, refunds what was given back),
// the queue of open credit requests, and chargebacks.
import { ADMIN_PAYMENTS_PAGE_SIZE } from '../../domain/admin-payments-rules.ts';
import type {
  AdminChargebackPage,
  AdminCreditPage,
  AdminCreditRequest,
  AdminTransactionPage,
  TAdminTransactionQuery,
} from '../../schemas/admin-payments.ts';
import { cursorCodec, keysetPage, type CursorCodec } from '../platform/cursor.ts';
import type { Sql } from '../platform/db/client.ts';
import { containsPattern } from './users.ts';

interface Keyed {
  /** created_at as PostgreSQL prints it (microseconds kept: the cursor skips no row). */
  at: string;
  id: string;
  created_at: Date;
}

type TimeCursor = CursorCodec<readonly ['time', 'uuid']>;
/** Each list's keyset: (created_at as PostgreSQL prints it, id). */
const paymentListCursors = {
  transactions: cursorCodec('admin-transactions', ['time', 'uuid']),
  credits: cursorCodec('admin-credits', ['time', 'uuid']),
  chargebacks: cursorCodec('admin-chargebacks', ['time', 'uuid']),
} satisfies Record<string, TimeCursor>;

function afterOf(codec: TimeCursor, raw: string | undefined): { at: string; id: string } | null {
  if (!raw) return null;
  const [at, id] = codec.read(raw);
  return { at, id };
}

function page<R extends Keyed>(
  codec: TimeCursor,
  rows: R[],
  limit: number,
): { rows: R[]; nextCursor: string | null } {
  const { page: kept, nextCursor } = keysetPage(rows, limit, codec, (r) => [r.at, r.id]);
  return { rows: kept, nextCursor };
}

export async function listTransactions(
  sql: Sql,
  query: TAdminTransactionQuery,
  limit = ADMIN_PAYMENTS_PAGE_SIZE,
): Promise<AdminTransactionPage> {
  const after = afterOf(paymentListCursors.transactions, query.cursor);
  const statuses = query.status === 'paid' ? ['paid', 'succeeded'] : query.status ? [query.status] : null;
  const business = query.business?.trim().toLowerCase();
  const rows = await sql<
    (Keyed & {
      business_id: string;
      business_name: string;
      description: string | null;
      amount_cents: number;
      refunded_cents: number;
      status: AdminTransactionPage['transactions'][number]['status'];
      failure_message: string | null;
      payment_intent_id: string | null;
    })[]
  >`
    select t.id, t.created_at, t.created_at::text as at, t.business_id, b.name as business_name, t.description,
           t.payment_amount_cents as amount_cents, t.refunded_amount_cents as refunded_cents,
           t.payment_status as status, t.failure_message, t.stripe_payment_intent_id as payment_intent_id
      from payment_transactions t join businesses b on b.id = t.business_id
     where true
       ${statuses ? sql`and t.payment_status = any(${statuses})` : sql``}
       ${business ? sql`and lower(b.name) like ${containsPattern(business)}` : sql``}
       ${after ? sql`and (t.created_at, t.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by t.created_at desc, t.id desc
     limit ${limit + 1}`;
  const { rows: kept, nextCursor } = page(paymentListCursors.transactions, rows, limit);
  return {
    transactions: kept.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      businessId: r.business_id,
      businessName: r.business_name,
      description: r.description,
      amountCents: r.amount_cents,
      refundedCents: r.refunded_cents,
      status: r.status,
      failureMessage: r.failure_message,
      paymentIntentId: r.payment_intent_id,
    })),
    nextCursor,
  };
}

interface CreditRow extends Keyed {
  business_name: string;
  business_email: string | null;
  project_type: string;
  place: string;
  charged_at: Date | null;
  reason: AdminCreditRequest['reason'];
  note: string | null;
  finding: string;
  amount_cents: number;
  status: AdminCreditRequest['status'];
  decision_reason: string | null;
}

/** The select of a credit request as the admin sees it (`c`: lead_credits). */
const creditColumns = (sql: Sql) => sql`
  c.id, c.created_at, c.created_at::text as at, b.name as business_name, coalesce(b.email, u.email) as business_email,
  l.project_type, coalesce(l.city, l.zip_code, 'the Dayton area') as place, d.charged_at, c.reason, c.note,
  c.finding, c.amount_cents, c.status, c.decision_reason
    from lead_credits c
    join businesses b on b.id = c.business_id
    left join users u on u.id = b.owner_id
    join lead_distributions d on d.id = c.distribution_id
    join leads l on l.id = d.lead_id`;

const toCreditRequest = (r: CreditRow): AdminCreditRequest => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  businessName: r.business_name,
  businessEmail: r.business_email,
  projectType: r.project_type,
  place: r.place,
  chargedAt: r.charged_at?.toISOString() ?? null,
  reason: r.reason,
  note: r.note,
  finding: r.finding,
  amountCents: r.amount_cents,
  status: r.status,
  decisionReason: r.decision_reason,
});

export async function readCreditRequest(sql: Sql, id: string): Promise<AdminCreditRequest | null> {
  const [row] = await sql<CreditRow[]>`select ${creditColumns(sql)} where c.id = ${id}`;
  return row ? toCreditRequest(row) : null;
}

/** The dispute queue: open credit requests, newest first. */
export async function listOpenCredits(
  sql: Sql,
  query: { cursor?: string | undefined },
  limit = ADMIN_PAYMENTS_PAGE_SIZE,
): Promise<AdminCreditPage> {
  const after = afterOf(paymentListCursors.credits, query.cursor);
  const rows = await sql<CreditRow[]>`
    select ${creditColumns(sql)}
     where c.status = 'open'
       ${after ? sql`and (c.created_at, c.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by c.created_at desc, c.id desc
     limit ${limit + 1}`;
  const { rows: kept, nextCursor } = page(paymentListCursors.credits, rows, limit);
  return { credits: kept.map(toCreditRequest), nextCursor };
}

export async function listChargebacks(
  sql: Sql,
  query: { cursor?: string | undefined },
  limit = ADMIN_PAYMENTS_PAGE_SIZE,
): Promise<AdminChargebackPage> {
  const after = afterOf(paymentListCursors.chargebacks, query.cursor);
  const rows = await sql<
    (Keyed & {
      stripe_dispute_id: string;
      stripe_charge_id: string;
      business_name: string | null;
      amount_cents: number;
      reason: string;
      stripe_status: string;
      evidence_due_by: Date | null;
      status: 'open' | 'resolved';
    })[]
  >`
    select c.id, c.created_at, c.created_at::text as at, c.stripe_dispute_id, c.stripe_charge_id, b.name as business_name,
           c.amount_cents, c.reason, c.stripe_status, c.evidence_due_by, c.status
      from chargebacks c left join businesses b on b.id = c.business_id
     where true
       ${after ? sql`and (c.created_at, c.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql``}
     order by c.created_at desc, c.id desc
     limit ${limit + 1}`;
  const { rows: kept, nextCursor } = page(paymentListCursors.chargebacks, rows, limit);
  return {
    chargebacks: kept.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      disputeId: r.stripe_dispute_id,
      chargeId: r.stripe_charge_id,
      businessName: r.business_name,
      amountCents: r.amount_cents,
      reason: r.reason,
      stripeStatus: r.stripe_status,
      evidenceDueBy: r.evidence_due_by?.toISOString() ?? null,
      status: r.status,
    })),
    nextCursor,
  };
}

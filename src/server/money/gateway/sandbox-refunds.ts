// The sandbox gateway's refunds and receipts (automatic credits, receipts on the billing page),
// with Stripe's behaviour: a refund is keyed (a retry returns the first refund), never more than
// the charge's unrefunded amount, only of a succeeded charge; a receipt exists only for a
// succeeded charge and is a local stand-in page, /sandbox/receipts/<payment intent id>.
import { randomBytes } from 'node:crypto';
import { displayName } from '../../../domain/format.ts';
import { formatMoney } from '../../../domain/money.ts';
import { siteUrl } from '../../platform/config/site.ts';
import { inTransaction, type Db, type Sql } from '../../platform/db/client.ts';
import type { PaymentGateway, RefundRequest, RefundResult } from './gateway.ts';

/** The sandbox's stand-in of Stripe's hosted receipt page. */
export const SANDBOX_RECEIPT_PATH = '/sandbox/receipts';

interface RefundRow {
  id: string;
  status: 'succeeded';
}

export function sandboxRefunds(sql: Db): Pick<PaymentGateway, 'refund' | 'receiptUrl'> {
  return {
    async refund(request: RefundRequest): Promise<RefundResult> {
      return inTransaction(sql, async (tx) => {
        // The charge locked first: refunds of one charge (with any key) go one at a time, so
        // together they never exceed it, and a retry with the same key finds the first refund.
        const [intent] = await tx<{ status: string; amount_cents: number }[]>`
          select status, amount_cents from sandbox_payment_intents
           where id = ${request.paymentIntentId} for update`;
        if (!intent) {
          return {
            status: 'failed',
            refundId: null,
            message: `No such payment_intent: '${request.paymentIntentId}'`,
          };
        }
        const [previous] = await tx<RefundRow[]>`
          select id, status from sandbox_refunds where idempotency_key = ${request.idempotencyKey}`;
        if (previous) return { status: previous.status, refundId: previous.id };
        if (intent.status !== 'succeeded') {
          return {
            status: 'failed',
            refundId: null,
            message: 'This PaymentIntent does not have a successful charge to refund.',
          };
        }
        const [refunded] = await tx<{ cents: number }[]>`
          select coalesce(sum(amount_cents), 0)::int as cents from sandbox_refunds
           where payment_intent_id = ${request.paymentIntentId}`;
        const left = intent.amount_cents - refunded!.cents;
        if (request.amountCents <= 0 || request.amountCents > left) {
          return {
            status: 'failed',
            refundId: null,
            message: `Refund amount (${formatMoney(request.amountCents)}) is greater than unrefunded amount on charge (${formatMoney(left)}).`,
          };
        }
        const id = `re_sbx_${randomBytes(12).toString('hex')}`;
        await tx`
          insert into sandbox_refunds (id, idempotency_key, payment_intent_id, amount_cents, reason, metadata)
          values (${id}, ${request.idempotencyKey}, ${request.paymentIntentId}, ${request.amountCents},
                  ${request.reason}, ${tx.json(request.metadata ?? {})})`;
        return { status: 'succeeded', refundId: id };
      });
    },

    async receiptUrl(paymentIntentId: string): Promise<string | null> {
      const [intent] = await sql<{ id: string }[]>`
        select id from sandbox_payment_intents where id = ${paymentIntentId} and status = 'succeeded'`;
      return intent ? `${siteUrl()}${SANDBOX_RECEIPT_PATH}/${intent.id}` : null;
    },
  };
}

export interface SandboxReceipt {
  id: string;
  businessName: string;
  description: string;
  amount: string;
  refunded: string | null;
  paidAt: Date;
  card: string;
}

/** The receipt of a succeeded sandbox charge, for the signed-in owner of the business it charged;
 * null otherwise (the page answers 404), and always when the gateway is not the sandbox. */
export async function findSandboxReceipt(
  sql: Sql,
  gateway: Pick<PaymentGateway, 'name'>,
  paymentIntentId: string,
  ownerId: string | null,
): Promise<SandboxReceipt | null> {
  if (gateway.name !== 'sandbox' || !ownerId || !/^pi_[a-z0-9_]{1,80}$/.test(paymentIntentId)) return null;
  const [row] = await sql<
    {
      id: string;
      business_name: string;
      description: string | null;
      amount_cents: number;
      refunded_cents: number;
      created_at: Date;
      brand: string;
      card_number: string;
    }[]
  >`
    select i.id, b.name as business_name, t.description, i.amount_cents, i.created_at, m.brand, m.card_number,
           (select coalesce(sum(r.amount_cents), 0)::int from sandbox_refunds r where r.payment_intent_id = i.id)
             as refunded_cents
      from sandbox_payment_intents i
      join sandbox_payment_methods m on m.id = i.payment_method_id
      join payment_transactions t on t.stripe_payment_intent_id = i.id
      join businesses b on b.id = t.business_id
     where i.id = ${paymentIntentId} and i.status = 'succeeded' and b.owner_id = ${ownerId}
     limit 1`;
  if (!row) return null;
  return {
    id: row.id,
    businessName: row.business_name,
    description: row.description ?? 'Charge',
    amount: formatMoney(row.amount_cents),
    refunded: row.refunded_cents ? formatMoney(row.refunded_cents) : null,
    paidAt: row.created_at,
    card: `${displayName(row.brand)} ending in ${row.card_number.slice(-4)}`,
  };
}

// The sandbox gateway's charge list (revenue validation): every payment intent created in a
// period with what was refunded of it, read in keyset pages of 100 as Stripe's list is, oldest
// first. requires_payment_method is a decline; requires_action was not completed either.
import type { Db } from '../../platform/db/client.ts';
import type { ChargeListRequest, GatewayCharge, PaymentGateway } from './gateway.ts';

const PAGE = 100;

interface Row {
  id: string;
  amount_cents: number;
  refunded_cents: number;
  status: string;
  created_at: Date;
  /** created_at as PostgreSQL prints it: microseconds kept, so the next page starts after it. */
  at: string;
}

export function sandboxCharges(sql: Db): Pick<PaymentGateway, 'listCharges'> {
  return {
    async listCharges({ since, until }: ChargeListRequest): Promise<GatewayCharge[]> {
      const charges: GatewayCharge[] = [];
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const rows: Row[] = await sql<Row[]>`
          select i.id, i.amount_cents, i.status, i.created_at, i.created_at::text as at,
                 (select coalesce(sum(r.amount_cents), 0)::int from sandbox_refunds r where r.payment_intent_id = i.id)
                   as refunded_cents
            from sandbox_payment_intents i
           where i.created_at >= ${since} and i.created_at < ${until}
             ${after ? sql`and (i.created_at, i.id) > (${after.at}::text::timestamptz, ${after.id})` : sql``}
           order by i.created_at, i.id
           limit ${PAGE}`;
        for (const row of rows) {
          charges.push({
            paymentIntentId: row.id,
            amountCents: row.amount_cents,
            amountRefundedCents: row.refunded_cents,
            status: row.status === 'succeeded' ? 'succeeded' : 'failed',
            created: row.created_at,
          });
        }
        if (rows.length < PAGE) return charges;
        const last = rows.at(-1)!;
        after = { at: last.at, id: last.id };
      }
    },
  };
}

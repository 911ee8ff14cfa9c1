// Charges an earlier run started but did not record (it died between the gateway call and the
// database): each is charged again with the same idempotency key, so the gateway answers with the
// first charge's result, and that result is recorded now.
import type { Sql } from '../../platform/db/client.ts';
import { chargeDistribution } from './charge-distribution.ts';
import type { Candidate, LeadRow, SubmitOptions } from './types.ts';

export async function settlePendingCharges(sql: Sql, lead: LeadRow, options: SubmitOptions): Promise<void> {
  const pending = await sql<(Candidate & { rank: number })[]>`
    select b.id, b.name, b.email, b.stripe_customer_id as "customerId",
           pm.gateway_payment_method_id as "paymentMethodId", b.featured, 0::float8 as score, d.rank
    from lead_distributions d
    join businesses b on b.id = d.business_id
    left join payment_methods pm on pm.business_id = b.id and pm.is_default and pm.status = 'active'
    where d.lead_id = ${lead.id} and d.payment_status = 'pending'
    order by d.rank`;
  for (const candidate of pending) {
    if (candidate.customerId && candidate.paymentMethodId) {
      await chargeDistribution(sql, lead, candidate, candidate.rank, options);
    } else {
      await sql`
        update lead_distributions set payment_status = 'failed', status = 'payment_failed',
          payment_error_message = 'No payment method on file'
        where lead_id = ${lead.id} and business_id = ${candidate.id} and payment_status = 'pending'`;
    }
  }
}

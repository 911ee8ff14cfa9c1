// Sells a lead to one contractor: a distribution row (one per lead and business, reserved only
// within the business's own limits: spend-caps.ts), a charge keyed by that row, then the result
// recorded by recordLeadCharge (record-lead-charge.ts), which Stripe's webhook for the same charge
// calls too: the contractor's mail is sent only by whichever moves the distribution out of
// 'pending'. The gateway is called outside any transaction.
import { LEAD_PRICE_CENTS } from '../../../domain/quote-rules.ts';
import { EXPIRED_CARD_CODE, markCardExpired } from '../../money/index.ts';
import type { Sql } from '../../platform/db/client.ts';
import { leadChargeKey, recordLeadCharge } from './record-lead-charge.ts';
import { reserveDistribution } from '../../accounts/index.ts';
import type { Candidate, LeadRow, SubmitOptions } from './types.ts';

export async function chargeDistribution(
  sql: Sql,
  lead: LeadRow,
  candidate: Candidate,
  rank: number,
  options: SubmitOptions,
): Promise<void> {
  // A paused business, or one at a cap, is skipped: no row, and the lead goes to the next pro.
  if (await reserveDistribution(sql, lead.id, candidate.id, rank)) return;
  const [distribution] = await sql<{ id: string; payment_status: string }[]>`
    select id, payment_status from lead_distributions where lead_id = ${lead.id} and business_id = ${candidate.id}`;
  if (!distribution || distribution.payment_status !== 'pending') return;

  const result = await options.gateway.charge({
    customerId: candidate.customerId,
    paymentMethodId: candidate.paymentMethodId,
    amountCents: LEAD_PRICE_CENTS,
    idempotencyKey: leadChargeKey(distribution.id),
    description: `Lead: ${lead.project_type} in ${lead.city ?? lead.zip_code ?? 'the Dayton area'}`,
    metadata: { leadId: lead.id, distributionId: distribution.id },
  });
  await options.afterCharge?.(distribution.id);

  await recordLeadCharge(
    sql,
    distribution.id,
    result.status === 'succeeded'
      ? { status: 'paid', paymentIntentId: result.paymentIntentId }
      : { status: 'failed', paymentIntentId: result.paymentIntentId, message: result.message },
  );
  // A card found expired stops being offered leads until a new one is saved.
  if (result.status !== 'succeeded' && result.declineCode === EXPIRED_CARD_CODE) {
    await sql.begin((tx) => markCardExpired(tx, candidate.id, candidate.paymentMethodId, result));
  }
}

// A lead credit row as the contractor sees it.
import type { CreditRowReason, CreditStatus } from '../../../domain/credit-rules.ts';
import type { LeadCredit } from '../../../schemas/lead-credit.ts';
import type { Db } from '../../platform/db/client.ts';

export interface CreditRow {
  id: string;
  reason: CreditRowReason;
  status: CreditStatus;
  finding: string;
  amount_cents: number;
  created_at: Date;
  refunded_at: Date | null;
  decision_reason: string | null;
}

export function toLeadCredit(row: CreditRow): LeadCredit {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    finding: row.finding,
    amountCents: row.amount_cents,
    createdAt: row.created_at.toISOString(),
    refundedAt: row.refunded_at?.toISOString() ?? null,
    decision: row.decision_reason,
  };
}

/** The credit of one of the business's distributions, if it was disputed. */
export async function findCredit(
  sql: Db,
  businessId: string,
  distributionId: string,
): Promise<CreditRow | null> {
  const [row] = await sql<CreditRow[]>`
    select id, reason, status, finding, amount_cents, created_at, refunded_at, decision_reason
      from lead_credits where distribution_id = ${distributionId} and business_id = ${businessId}`;
  return row ?? null;
}

// Buyers' reports count (issue 23, Must 3): once REPORTS_TO_REFUND distinct buyers of a lead have
// reported it fake or unreachable, each within REPORT_WINDOW_DAYS of its own charge, every buyer
// is refunded (creditEveryBuyer, reason 'reported'), the lead's phone, e-mail and device are
// blocked, and the lead is marked (reports_refunded_at) for the fraud queue; all without an admin
// and once. Called by disputeLead in the report's transaction, under the lead's lock, so two
// reports at once are counted one after the other. A report an admin declined does not count.
import { REPORT_REASONS } from '../../../domain/credit-rules.ts';
import { reportedFinding, reportsBlockReason } from '../../../domain/fraud-rules.ts';
import { REPORT_WINDOW_DAYS, REPORTS_TO_REFUND } from '../../../domain/integrity-rules.ts';
import type { TransactionSql } from '../../platform/db/client.ts';
import { blockLeadIdentities } from './block-lead-identities.ts';
import { creditEveryBuyer } from '../credits/credit-every-buyer.ts';

/** How many distinct buyers' reports of the lead count. */
async function countReports(tx: TransactionSql, leadId: string): Promise<number> {
  const [row] = await tx<{ reporters: number }[]>`
    select count(distinct d.business_id)::int as reporters
      from lead_credits c join lead_distributions d on d.id = c.distribution_id
     where d.lead_id = ${leadId}
       and c.reason = any(${REPORT_REASONS as string[]})
       and c.status <> 'denied'
       and d.charged_at is not null
       and c.created_at <= d.charged_at + make_interval(days => ${REPORT_WINDOW_DAYS})`;
  return row?.reporters ?? 0;
}

/** The credits to settle when this report made the lead refunded; [] otherwise. */
export async function refundReportedLead(tx: TransactionSql, leadId: string): Promise<string[]> {
  const [lead] = await tx<{ reports_refunded_at: Date | null }[]>`
    select reports_refunded_at from leads where id = ${leadId}`;
  if (!lead || lead.reports_refunded_at) return [];
  const reporters = await countReports(tx, leadId);
  if (reporters < REPORTS_TO_REFUND) return [];
  const settle = await creditEveryBuyer(tx, leadId, {
    reason: 'reported',
    finding: reportedFinding(reporters),
  });
  await blockLeadIdentities(tx, leadId, reportsBlockReason(reporters, leadId), null);
  await tx`update leads set reports_refunded_at = now() where id = ${leadId}`;
  return settle;
}

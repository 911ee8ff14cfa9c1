// What the lead detail shows of automatic credits: the lead's dispute, or until when it may be
// disputed (a lead the business paid for, within 7 days of its charge).
import { CREDIT_WINDOW_DAYS } from '../../../domain/credit-rules.ts';
import type { LeadCreditState } from '../../../schemas/lead-credit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { findCredit, toLeadCredit } from './credit-rows.ts';

export async function leadCreditState(
  sql: Sql,
  businessId: string,
  distributionId: string,
): Promise<LeadCreditState> {
  const credit = await findCredit(sql, businessId, distributionId);
  const [row] = await sql<{ until: Date; open: boolean }[]>`
    select charged_at + make_interval(days => ${CREDIT_WINDOW_DAYS}) as until,
           payment_status = 'paid' and charged_at + make_interval(days => ${CREDIT_WINDOW_DAYS}) > now() as open
      from lead_distributions
     where id = ${distributionId} and business_id = ${businessId} and charged_at is not null
       and created_at >= ${ownerSince(sql, businessId)}
       and payment_status in ('paid', 'refunded')`;
  return {
    credit: credit ? toLeadCredit(credit) : null,
    disputableUntil: row?.until.toISOString() ?? null,
    disputable: !credit && Boolean(row?.open),
  };
}

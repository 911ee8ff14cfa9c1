// Unanswered leads are not the contractor's loss (issue 23, Must 7): a scheduled job credits a
// paid lead whose contractor answered it (its first contractor_response) within
// ANSWERED_WITHIN_HOURS of the charge, when the homeowner did not open the responses page within
// UNOPENED_HOURS of that answer (responses_viewed_at null, or later), once those hours have passed.
// Not when the homeowner accepted a quote on the lead or the contractor moved it to work in
// progress or done (the homeowner did answer), nor for a charge with nothing at the gateway to
// refund (a legacy or imported row). The credit ('unanswered', 'refunding' with its finding) is made
// once per distribution (UNIQUE distribution_id: two runs at once make one) and refunded through
// settleCredit with its own key, which mails the contractor. A distribution with any credit
// already is left as it is.
import { UNANSWERED_LOOKBACK_DAYS, unansweredFinding } from '../../../domain/credit-rules.ts';
import { ANSWERED_WITHIN_HOURS, UNOPENED_HOURS } from '../../../domain/integrity-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import type { PaymentGateway } from '../../money/index.ts';
import { settleCredits } from './settle-credit.ts';

export interface UnansweredLead {
  distribution_id: string;
  business_id: string;
  transaction_id: string;
  amount_cents: number;
  answered_after_minutes: number;
}

/** The paid leads due for the credit now, oldest charge first. */
export function findUnansweredLeads(sql: Sql, limit = 100) {
  return sql<UnansweredLead[]>`
    select d.id as distribution_id, d.business_id, t.id as transaction_id, t.payment_amount_cents as amount_cents,
           floor(extract(epoch from r.answered_at - d.charged_at) / 60)::int as answered_after_minutes
      from lead_distributions d
      join leads l on l.id = d.lead_id
      join payment_transactions t on t.distribution_id = d.id
      cross join lateral (
        select min(c.created_at) as answered_at from lead_communications c
         where c.lead_id = d.lead_id and c.business_id = d.business_id and c.message_type = 'contractor_response') r
     where d.payment_status = 'paid'
       and d.charged_at > now() - make_interval(days => ${UNANSWERED_LOOKBACK_DAYS})
       and d.stage not in ('IN_PROGRESS', 'COMPLETED')
       and not l.is_test
       and t.payment_status in ('paid', 'succeeded') and t.stripe_payment_intent_id is not null
       and r.answered_at <= d.charged_at + make_interval(hours => ${ANSWERED_WITHIN_HOURS})
       and r.answered_at + make_interval(hours => ${UNOPENED_HOURS}) <= now()
       and (l.responses_viewed_at is null
            or l.responses_viewed_at > r.answered_at + make_interval(hours => ${UNOPENED_HOURS}))
       and not exists (select 1 from lead_communications a where a.lead_id = d.lead_id and a.accepted_at is not null)
       and not exists (select 1 from lead_credits x where x.distribution_id = d.id)
     order by d.charged_at, d.id
     limit ${limit}`;
}

/** Credits these leads (each once) and refunds them; answers how many credits this call made. */
export async function creditUnanswered(
  sql: Sql,
  gateway: PaymentGateway,
  leads: readonly UnansweredLead[],
): Promise<number> {
  const settle: string[] = [];
  for (const row of leads) {
    const [made] = await sql<{ id: string }[]>`
      insert into lead_credits (business_id, distribution_id, transaction_id, reason, status, finding, amount_cents,
                                idempotency_key)
      values (${row.business_id}, ${row.distribution_id}, ${row.transaction_id}, 'unanswered', 'refunding',
              ${unansweredFinding(Math.max(0, row.answered_after_minutes)).slice(0, 500)}, ${row.amount_cents},
              ${`lead-credit-${row.distribution_id}`})
      on conflict (distribution_id) do nothing
      returning id`;
    if (made) settle.push(made.id);
  }
  await settleCredits(sql, gateway, settle);
  return settle.length;
}

/** The scheduled job: every lead due now (at most `limit` a run). */
export async function creditUnansweredLeads(sql: Sql, gateway: PaymentGateway, limit = 100): Promise<number> {
  return creditUnanswered(sql, gateway, await findUnansweredLeads(sql, limit));
}

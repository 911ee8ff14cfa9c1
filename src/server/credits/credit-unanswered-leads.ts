// Unanswered leads are not the contractor's loss (issue 23, Must 7): a scheduled job credits a
// paid lead whose contractor answered it (its first contractor_response) within
// ANSWERED_WITHIN_HOURS of the charge, when the homeowner did not open the responses page within
// UNOPENED_HOURS of that answer (responses_viewed_at null, or later), once those hours have passed.
// The credit ('unanswered', 'refunding' with its finding) is made once per distribution (UNIQUE
// distribution_id: two runs at once make one) and refunded through settleCredit with its own key,
// which mails the contractor; a charge with nothing at the gateway to refund waits for the team
// ('open'). A distribution with any credit already is left as it is.
import { UNANSWERED_LOOKBACK_DAYS, unansweredFinding } from '../../domain/credit-rules.ts';
import { ANSWERED_WITHIN_HOURS, UNOPENED_HOURS } from '../../domain/integrity-rules.ts';
import type { Sql } from '../db/client.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { settleCredits } from './settle-credit.ts';

interface Due {
  distribution_id: string;
  business_id: string;
  transaction_id: string | null;
  refundable: boolean;
  amount_cents: number;
  answered_after_minutes: number;
}

/** Credits made this run. */
export async function creditUnansweredLeads(sql: Sql, gateway: PaymentGateway, limit = 100): Promise<number> {
  const due = await sql<Due[]>`
    select d.id as distribution_id, d.business_id, t.id as transaction_id,
           coalesce(t.stripe_payment_intent_id is not null and t.payment_status in ('paid', 'succeeded'), false) as refundable,
           coalesce(t.payment_amount_cents, d.payment_amount_cents) as amount_cents,
           floor(extract(epoch from r.answered_at - d.charged_at) / 60)::int as answered_after_minutes
      from lead_distributions d
      join leads l on l.id = d.lead_id
      cross join lateral (
        select min(c.created_at) as answered_at from lead_communications c
         where c.lead_id = d.lead_id and c.business_id = d.business_id and c.message_type = 'contractor_response') r
      left join payment_transactions t on t.distribution_id = d.id
     where d.payment_status = 'paid'
       and d.charged_at > now() - make_interval(days => ${UNANSWERED_LOOKBACK_DAYS})
       and not l.is_test
       and r.answered_at <= d.charged_at + make_interval(hours => ${ANSWERED_WITHIN_HOURS})
       and r.answered_at + make_interval(hours => ${UNOPENED_HOURS}) <= now()
       and (l.responses_viewed_at is null
            or l.responses_viewed_at > r.answered_at + make_interval(hours => ${UNOPENED_HOURS}))
       and not exists (select 1 from lead_credits x where x.distribution_id = d.id)
     order by d.charged_at, d.id
     limit ${limit}`;
  const settle: string[] = [];
  let credited = 0;
  for (const row of due) {
    const finding = unansweredFinding(Math.max(0, row.answered_after_minutes));
    const [made] = await sql<{ id: string; status: string }[]>`
      insert into lead_credits (business_id, distribution_id, transaction_id, reason, status, finding, amount_cents,
                                idempotency_key)
      values (${row.business_id}, ${row.distribution_id}, ${row.transaction_id}, 'unanswered',
              ${row.refundable ? 'refunding' : 'open'},
              ${(row.refundable ? finding : `${finding} Our team will refund it.`).slice(0, 500)},
              ${row.amount_cents}, ${`lead-credit-${row.distribution_id}`})
      on conflict (distribution_id) do nothing
      returning id, status`;
    if (made) credited += 1;
    if (made?.status === 'refunding') settle.push(made.id);
  }
  await settleCredits(sql, gateway, settle);
  return credited;
}

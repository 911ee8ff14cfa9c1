// Outcomes told (issue 27, Must 6). Once contractors have responded and gone quiet for 48 hours,
// the homeowner is asked once, by mail, what happened (the responses page asks too, whenever it
// is opened): hired one of the lead's buyers, put it off, or not going ahead. The answer is kept
// on the lead (an answer given again replaces it), and every buyer's dashboard shows it: whom the
// homeowner hired only to the one hired. Accepting a quote answers it too (accept-quote.ts).
import {
  OUTCOME_ASK_AFTER_HOURS,
  OUTCOME_ASK_WITHIN_DAYS,
  OUTCOME_MESSAGES as M,
  type Outcome,
} from '../../../domain/outcome-rules.ts';
import { siteUrl } from '../../platform/config/site.ts';
import type { Db, Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { resolveRequest, type RequestAccess } from '../access/request-access.ts';
import { outcomeQuestionMail } from '../../platform/mail/outcome-mails.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { INVALID_HOMEOWNER_LINK } from '../../../domain/homeowner-rules.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../access/homeowner-links.ts';

/** The lead's outcome as its homeowner answered it. */
export interface LeadOutcome {
  outcome: Outcome | null;
  /** The contractor hired, when it was one of the buyers. */
  businessId: string | null;
  answeredAt: Date | null;
  askedAt: Date | null;
}

export async function leadOutcome(sql: Db, leadId: string): Promise<LeadOutcome> {
  const [row] = await sql<LeadOutcome[]>`
    select outcome, outcome_business_id as "businessId", outcome_at as "answeredAt", outcome_asked_at as "askedAt"
      from leads where id = ${leadId}`;
  return row ?? { outcome: null, businessId: null, answeredAt: null, askedAt: null };
}

/**
 * The homeowner's answer: hired (one of the lead's paid buyers), postponed or not going ahead.
 * A business that did not buy the lead is refused, changing nothing.
 */
export async function recordOutcome(
  sql: Sql,
  access: RequestAccess,
  input: { outcome: Outcome; businessId: string | null },
): Promise<void> {
  await sql.begin(async (tx) => {
    const leadId = await resolveRequest(tx, access);
    if (!leadId) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
    // An accepted quote is the answer: changing it here would tell its contractor otherwise while
    // the acceptance (and its contact card) stands.
    const [accepted] = await tx<{ name: string }[]>`
      select b.name from lead_communications c join businesses b on b.id = c.business_id
       where c.lead_id = ${leadId} and c.accepted_at is not null`;
    if (accepted) throw new AppError('CONFLICT', M.acceptedAlready(accepted.name));
    let hired: string | null = null;
    if (input.outcome === 'hired') {
      const [buyer] = await tx<{ business_id: string }[]>`
        select business_id from lead_distributions
         where lead_id = ${leadId} and business_id = ${input.businessId ?? '00000000-0000-0000-0000-000000000000'}
           and payment_status = 'paid'`;
      if (!buyer) throw new AppError('BAD_REQUEST', M.notABuyer, { businessId: [M.notABuyer] });
      hired = buyer.business_id;
    }
    await tx`
      update leads set outcome = ${input.outcome}, outcome_business_id = ${hired}, outcome_at = now()
       where id = ${leadId}`;
  });
}

/**
 * Mails the question for every sold request (not an admin's test) whose last contractor response
 * is 48 hours to 30 days old, not yet asked nor answered; each once (the row is marked in the
 * mail's transaction). How many were asked.
 */
export async function askForOutcomes(sql: Sql, limit = 100): Promise<number> {
  // From the responses of the last 30 days (an index serves it), not from every lead never asked.
  const due = await sql<{ id: string }[]>`
    select l.id
      from (select lead_id, max(created_at) as last from lead_communications
             where message_type = 'contractor_response'
               and created_at > now() - make_interval(days => ${OUTCOME_ASK_WITHIN_DAYS})
             group by lead_id) r
      join leads l on l.id = r.lead_id
     where r.last <= now() - make_interval(hours => ${OUTCOME_ASK_AFTER_HOURS})
       and l.outcome is null and l.outcome_asked_at is null and not l.is_test
       and exists (select 1 from lead_distributions d where d.lead_id = l.id and d.payment_status = 'paid')
     order by r.last limit ${limit}`;
  let asked = 0;
  for (const { id } of due) {
    const done = await sql.begin(async (tx) => {
      const [lead] = await tx<{ id: string; name: string; email: string; projectType: string }[]>`
        update leads set outcome_asked_at = now()
         where id = ${id} and outcome is null and outcome_asked_at is null
        returning id, name, email, project_type as "projectType"`;
      if (!lead) return false;
      const token = await createHomeownerLink(tx, { leadId: lead.id, purpose: 'responses' });
      await enqueueMail(tx, outcomeQuestionMail(lead, homeownerLinkUrl(siteUrl(), 'responses', token)));
      return true;
    });
    if (done) asked += 1;
  }
  return asked;
}

// A homeowner accepts one quote on their request, proven by the token of their responses link
// or, signed in, by the request being the account's (issue 25).
// The quote must be a contractor's response on that same lead, still valid; a lead has at most
// one accepted quote (a unique index keeps it so whatever runs at once), accepting the same one
// again changes nothing, and the contractor is told once, on the change (its alerts and mail, by
// the channels it chose). A job the contractor
// had already marked COMPLETED is now one the homeowner hired it for: its review invitation goes
// out with the acceptance (src/server/leads/reviews/invite-review.ts).
import { kickAlertSender } from '../alerts/deliver-alerts.ts';
import { alertPorts } from '../alerts/index.ts';
import { alertUser, quoteAcceptedNotice } from '../alerts/queue-alerts.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  INVALID_HOMEOWNER_LINK,
  otherQuoteAccepted,
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
} from '../../../domain/homeowner-rules.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { resolveRequest, type RequestAccess } from '../access/request-access.ts';
import { quoteAcceptedMail } from '../../platform/mail/homeowner-mails.ts';

export interface AcceptResult {
  communicationId: string;
  businessName: string;
  /** False when this quote had been accepted before (nothing changed). */
  acceptedNow: boolean;
}

interface Candidate {
  id: string;
  lead_id: string;
  business_id: string;
  has_quote: boolean;
  expired: boolean;
  accepted_at: Date | null;
  quote_total_cents: number | null;
  business_name: string;
  business_email: string | null;
  owner_id: string | null;
  distribution_id: string | null;
}

/** `access`: the responses link's token, or the signed-in homeowner's own request (issue 25). */
export async function acceptQuote(
  sql: Sql,
  access: string | RequestAccess,
  communicationId: string,
): Promise<AcceptResult> {
  const { alerts, ...result } = await sql.begin(async (tx): Promise<AcceptResult & { alerts: number }> => {
    const leadId = await resolveRequest(tx, typeof access === 'string' ? { token: access } : access);
    if (!leadId) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
    // The lead's row lock orders acceptances on one request: the second sees the first's.
    const [lead] = await tx<{ id: string; name: string; projectType: string }[]>`
      select id, name, project_type as "projectType" from leads where id = ${leadId} for update`;
    if (!lead) throw new AppError('NOT_FOUND', INVALID_HOMEOWNER_LINK);
    const [quote] = await tx<Candidate[]>`
      select c.id, c.lead_id, c.business_id, c.quote is not null as has_quote,
             coalesce(c.quote_valid_until < current_date, false) as expired, c.accepted_at,
             c.quote_total_cents, b.name as business_name, b.email as business_email, b.owner_id,
             (select d.id from lead_distributions d
               where d.lead_id = c.lead_id and d.business_id = c.business_id limit 1) as distribution_id
        from lead_communications c join businesses b on b.id = c.business_id
       where c.id = ${communicationId} and c.lead_id = ${lead.id} and c.message_type = 'contractor_response'`;
    // Another lead's communication is answered exactly like one that does not exist.
    if (!quote?.has_quote) throw new AppError('NOT_FOUND', QUOTE_NOT_FOUND);
    if (quote.accepted_at)
      return { communicationId: quote.id, businessName: quote.business_name, acceptedNow: false, alerts: 0 };
    const [other] = await tx<{ name: string }[]>`
      select b.name from lead_communications c join businesses b on b.id = c.business_id
       where c.lead_id = ${lead.id} and c.accepted_at is not null`;
    if (other) throw new AppError('CONFLICT', otherQuoteAccepted(other.name));
    if (quote.expired) throw new AppError('CONFLICT', QUOTE_EXPIRED);
    await tx`update lead_communications set accepted_at = now() where id = ${quote.id}`;
    // Accepting a quote answers what happened: hired this contractor (issue 27).
    await tx`
      update leads set outcome = 'hired', outcome_business_id = ${quote.business_id}, outcome_at = now()
       where id = ${lead.id}`;
    await inviteReview(tx, { leadId: lead.id, businessId: quote.business_id, because: 'completed' });
    // Last, so every transaction takes the contractor's alert settings row after its other locks.
    const totalCents = quote.quote_total_cents ?? 0;
    const told = quote.owner_id
      ? await alertUser(tx, quote.owner_id, quoteAcceptedNotice(quote.distribution_id, lead, totalCents))
      : { queued: 0, email: true };
    if (quote.business_email && told.email) {
      await enqueueMail(
        tx,
        quoteAcceptedMail({ name: quote.business_name, email: quote.business_email }, lead, {
          communicationId: quote.id,
          totalCents,
        }),
      );
    }
    return {
      communicationId: quote.id,
      businessName: quote.business_name,
      acceptedNow: true,
      alerts: told.queued,
    };
  });
  if (alerts > 0) kickAlertSender(sql, alertPorts);
  return result;
}

// A contractor's response to a lead it paid for: the message and an optional quote, whose
// amounts and total are computed here in cents (never taken from the browser); the first
// response records responded_at and moves a NEW lead to CONTACTED; the homeowner is mailed, in
// the same transaction, a private link to every response and quote on their request, and pushed
// it where they turned notifications on for the request (the mail then waits for the push).
import { responseAlert } from '../../../domain/alert-rules.ts';
import { DASHBOARD_MESSAGES, QUOTE_LIMITS, quoteInCents } from '../../../domain/dashboard-rules.ts';
import { formatMoney, isoDay, isoDayAfter } from '../../../domain/format.ts';
import { stageAfterResponse, type LeadStage } from '../../../domain/lead-stages.ts';
import type { TLeadResponse } from '../../../schemas/lead-response.ts';
import { queueRequestPush } from '../alerts/request-push.ts';
import { siteUrl } from '../../platform/config/site.ts';
import type { Sql } from '../../platform/db/client.ts';
import { ownerSince } from '../../accounts/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../access/homeowner-links.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { responseMail } from '../../platform/mail/dashboard-mails.ts';
import { assertDistributionId } from '../access/distribution-id.ts';
import { LEAD_NOT_FOUND } from '../leads-rules.ts';

/** Responses one contractor may send on one lead in 24 hours (each one mails the homeowner). */
const RESPONSES_PER_DAY = 5;

/** A calendar date that exists (2026-02-30 does not). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

export async function respondToLead(
  sql: Sql,
  business: { id: string; name: string },
  distributionId: string,
  input: TLeadResponse,
): Promise<{ communicationId: string; stage: LeadStage; totalCents: number | null }> {
  const id = assertDistributionId(distributionId);
  let quote: {
    items: ReturnType<typeof quoteInCents>['items'];
    totalCents: number;
    validUntil: string;
    terms: string;
  } | null = null;
  if (input.quote) {
    if (!input.quote.items.length) throw new AppError('BAD_REQUEST', DASHBOARD_MESSAGES.quoteRequired);
    if (!isCalendarDate(input.quote.validUntil)) {
      throw new AppError('BAD_REQUEST', 'Enter a valid date', { 'quote.validUntil': ['Enter a valid date'] });
    }
    // A quote valid through a day already past could never be accepted; a year is the furthest.
    const now = new Date();
    const today = isoDay(now);
    const inAYear = isoDayAfter(now, 366);
    if (input.quote.validUntil < today || input.quote.validUntil > inAYear) {
      const message = 'Choose a date from today to a year from now';
      throw new AppError('BAD_REQUEST', message, { 'quote.validUntil': [message] });
    }
    const cents = quoteInCents(input.quote.items);
    if (cents.totalCents > QUOTE_LIMITS.totalMaxCents) {
      throw new AppError('BAD_REQUEST', 'The quote total is too large', {
        quote: ['The quote total is too large'],
      });
    }
    quote = { ...cents, validUntil: input.quote.validUntil, terms: input.quote.terms ?? '' };
  }
  return sql.begin(async (tx) => {
    const [d] = await tx<
      {
        lead_id: string;
        stage: LeadStage;
        payment_status: string;
        name: string;
        email: string;
        project_type: string;
      }[]
    >`
      select d.lead_id, d.stage, d.payment_status, l.name, l.email, l.project_type
        from lead_distributions d
        join leads l on l.id = d.lead_id
       where d.id = ${id} and d.business_id = ${business.id}
         and d.created_at >= ${ownerSince(tx, business.id)}
         for update of d`;
    if (!d) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
    if (d.payment_status !== 'paid') throw new AppError('CONFLICT', DASHBOARD_MESSAGES.notPaid);
    if (d.stage === 'REJECTED')
      throw new AppError('CONFLICT', 'This lead was rejected; it takes no more responses.');
    // Each response mails the homeowner: at most RESPONSES_PER_DAY per lead and contractor.
    const [sent] = await tx<{ n: number }[]>`
      select count(*)::int as n from lead_communications
       where lead_id = ${d.lead_id} and business_id = ${business.id}
         and message_type = 'contractor_response' and created_at > now() - interval '1 day'`;
    if (sent!.n >= RESPONSES_PER_DAY) {
      throw new AppError(
        'RATE_LIMITED',
        `You have sent ${RESPONSES_PER_DAY} responses on this lead today; the homeowner has them all.`,
      );
    }
    const [comm] = await tx<{ id: string }[]>`
      insert into lead_communications (
        lead_id, business_id, message_type, sender_name, subject, message_content, quote,
        quote_total_cents, quote_valid_until)
      values (
        ${d.lead_id}, ${business.id}, 'contractor_response', ${business.name}, ${input.subject},
        ${input.message}, ${quote ? tx.json(quote as unknown as Parameters<typeof tx.json>[0]) : null}, ${quote?.totalCents ?? null},
        ${quote?.validUntil ?? null})
      returning id`;
    const stage = stageAfterResponse(d.stage);
    await tx`
      update lead_distributions
         set responded_at = coalesce(responded_at, now()), status = 'responded', stage = ${stage},
             stage_changed_at = ${stage === d.stage ? tx`stage_changed_at` : tx`now()`},
             -- A response is the lead's latest change: no earlier move may be undone past it.
             previous_stage = null
       where id = ${id}`;
    const token = await createHomeownerLink(tx, { leadId: d.lead_id, purpose: 'responses' });
    const link = homeownerLinkUrl(siteUrl(), 'responses', token);
    const mailId = await enqueueMail(
      tx,
      responseMail(
        { leadId: d.lead_id, name: d.name, email: d.email, projectType: d.project_type },
        {
          businessName: business.name,
          subject: input.subject,
          message: input.message,
          totalCents: quote?.totalCents ?? null,
          link,
        },
      ),
    );
    // Browsers the homeowner turned notifications on in hear it now; the mail waits for them.
    const alert = responseAlert({
      businessName: business.name,
      totalText: quote ? formatMoney(quote.totalCents) : null,
      subject: input.subject,
    });
    const url = new URL(link);
    await queueRequestPush(
      tx,
      d.lead_id,
      { ...alert, url: `${url.pathname}${url.search}`, tag: `response-${comm!.id}` },
      mailId,
    );
    return { communicationId: comm!.id, stage, totalCents: quote?.totalCents ?? null };
  });
}

// Where a stored request stands, as the homeowner who sent it is told (the wizard, which holds
// its request key): waiting for the phone's code (with where it went), being sold (its job queued
// or running: the contractors who paid so far), sold, or waiting for the e-mail link, held, a
// duplicate. It only reads: the sale is the job's (queue-sale.ts).
import { PHONE_PROOF_MESSAGES } from '../../../domain/integrity-rules.ts';
import { replyPromise } from '../../../domain/reply-promise.ts';
import type { Sql } from '../../platform/db/client.ts';
import { siteUrl } from '../../platform/config/site.ts';
import { AppError } from '../../platform/errors.ts';
import { contractorCards } from '../inbox/contractor-cards.ts';
import { createHomeownerLink, homeownerLinkUrl } from '../access/homeowner-links.ts';
import { codeState, latestCode, type CodeState } from './phone-proof.ts';
import type { SubmitResult } from './types.ts';

/** A confirmed request on its way to contractors, or sold. */
const SELLING = new Set(['pending', 'qualified', 'unmatched']);

export async function quoteOutcome(sql: Sql, leadId: string): Promise<SubmitResult> {
  const [lead] = await sql<
    { qualification: string; phone: string; email_key: string; phone_line_type: CodeState['lineType'] }[]
  >`select qualification, phone, email_key, phone_line_type from leads where id = ${leadId}`;
  if (!lead) throw new AppError('NOT_FOUND', PHONE_PROOF_MESSAGES.unknownRequest);
  const none = { leadId, contractorsContacted: 0, paymentsSuccessful: 0 };
  switch (lead.qualification) {
    case 'unconfirmed': {
      const latest = await latestCode(sql, leadId);
      return {
        ...none,
        status: 'awaiting_code',
        ...(latest && latest.target === lead.phone ? { code: codeState(latest, lead.phone_line_type) } : {}),
      };
    }
    case 'awaiting_email':
      return { ...none, status: 'awaiting_email' };
    case 'held':
      return { ...none, status: 'held' };
    case 'duplicate':
      return { ...none, status: 'duplicate' };
    case 'out_of_area':
      return { ...none, status: 'sent', contractors: [], outOfArea: true };
    case 'blocked':
      throw new AppError('FORBIDDEN', PHONE_PROOF_MESSAGES.blocked);
    case 'expired':
      throw new AppError(
        'CONFLICT',
        'This request expired before its phone was proven. Please send a new one.',
      );
    default:
      break;
  }
  if (!SELLING.has(lead.qualification)) return { ...none, status: 'sent', contractors: [] };
  const distributions = await sql<{ name: string; hours: number | null; status: string }[]>`
    select b.name, b.response_time_hours as hours, d.payment_status as status
      from lead_distributions d join businesses b on b.id = d.business_id
     where d.lead_id = ${leadId} order by d.rank`;
  const paid = distributions.filter((d) => d.status === 'paid');
  const sale = { leadId, contractorsContacted: distributions.length, paymentsSuccessful: paid.length };
  // Under way: its job is queued or running (or a charge waits to be settled).
  if (lead.qualification === 'pending' || distributions.some((d) => d.status === 'pending')) {
    return { ...sale, status: 'sent', selling: true, contractors: paid.map((p) => p.name) };
  }
  // The result page (issue 25): the contractors as cards, and the request's private page, whose
  // link the sender (who holds the request key and proved the phone) is given like the mail's.
  const matches = paid.length ? (await contractorCards(sql, leadId)).filter((c) => c.bought) : [];
  const inboxUrl = paid.length
    ? new URL(
        homeownerLinkUrl(
          siteUrl(),
          'responses',
          await createHomeownerLink(sql, { leadId, purpose: 'responses' }),
        ),
      )
    : null;
  return {
    ...sale,
    status: 'sent',
    contractors: paid.map((p) => p.name),
    promise: replyPromise(paid.map((p) => p.hours)),
    ...(matches.length ? { matches } : {}),
    ...(inboxUrl ? { inboxUrl: inboxUrl.pathname + inboxUrl.search } : {}),
  };
}

// Following a request's e-mail link (by POST from its page): it confirms the e-mail address the
// replies go to, once. It never sells a request by itself: the phone must be proven first (the
// link is mailed only then). The one request it sends on is one from a VoIP line, which waits for
// this extra check ('awaiting_email'); only the confirmation that made that change queues its sale,
// so a link opened twice sells once. A link used before tells how the request stands; an unknown or
// expired one says so.
import { replyPromise } from '../../../domain/reply-promise.ts';
import { hashToken } from '../../platform/security/tokens.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { queueSale } from './queue-sale.ts';
import { QUOTE_CONFIRM_HOURS as CONFIRM_HOURS } from '../../../domain/quote-rules.ts';
import type { SaleResult } from './types.ts';
import { INVALID_CONFIRM_LINK } from '../leads-rules.ts';

export interface ConfirmResult extends SaleResult {
  /** The address was confirmed by this visit (false: confirmed earlier). */
  confirmedNow: boolean;
  /** Where the request stands: sent (or being sent), not sent (duplicate, outside the area,
   * expired), waiting for the phone's code, or held for our team. */
  request: 'sent' | 'not_sent' | 'awaiting_code' | 'held';
  contractors: string[];
  outOfArea: boolean;
  /** "within 4 hours": the slowest stated reply time of the contractors it went to. */
  promise: string;
}

export async function confirmQuote(sql: Sql, token: string): Promise<ConfirmResult> {
  const hash = hashToken(token);
  const [lead] = await sql<{ id: string }[]>`
    select id from leads where confirm_token_hash = ${hash}`;
  if (!lead) throw new AppError('NOT_FOUND', INVALID_CONFIRM_LINK);
  const [confirmed] = await sql<{ id: string }[]>`
    update leads set email_confirmed_at = now()
     where id = ${lead.id} and email_confirmed_at is null
       and created_at > now() - make_interval(hours => ${CONFIRM_HOURS})
     returning id`;
  if (!confirmed) {
    // Confirmed meanwhile (the link opened twice at once), or the link is too old.
    const [now] = await sql<{ email_confirmed_at: Date | null }[]>`
      select email_confirmed_at from leads where id = ${lead.id}`;
    if (!now?.email_confirmed_at) throw new AppError('NOT_FOUND', INVALID_CONFIRM_LINK);
  }
  // A VoIP line's request was waiting for this: only the visit that moves it on queues its sale,
  // in the same transaction (the page answers at once; the job sells it).
  await sql.begin(async (tx) => {
    const [released] = await tx<{ id: string }[]>`
      update leads set qualification = 'pending', confirmed_at = now()
       where id = ${lead.id} and qualification = 'awaiting_email' and email_confirmed_at is not null
       returning id`;
    if (released) await queueSale(tx, lead.id);
  });
  const [state] = await sql<
    { qualification: string }[]
  >`select qualification from leads where id = ${lead.id}`;
  const distributions = await sql<{ name: string; paid: boolean; hours: number | null }[]>`
    select b.name, d.payment_status = 'paid' as paid, b.response_time_hours as hours
    from lead_distributions d join businesses b on b.id = d.business_id
    where d.lead_id = ${lead.id} order by d.rank`;
  const contractors = distributions.filter((d) => d.paid).map((d) => d.name);
  const qualification = state?.qualification ?? 'expired';
  return {
    leadId: lead.id,
    confirmedNow: Boolean(confirmed),
    request: ['pending', 'qualified', 'unmatched'].includes(qualification)
      ? 'sent'
      : qualification === 'unconfirmed'
        ? 'awaiting_code'
        : qualification === 'held'
          ? 'held'
          : 'not_sent',
    contractorsContacted: distributions.length,
    paymentsSuccessful: contractors.length,
    contractors,
    outOfArea: qualification === 'out_of_area',
    promise: replyPromise(distributions.filter((d) => d.paid).map((d) => d.hours)),
  };
}

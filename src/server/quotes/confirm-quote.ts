// Following a quote request's confirmation link (by POST from its page): the request is confirmed
// once, and only the confirmation that made that change sells it, so a link opened twice at the
// same time sells it once. A link used before tells how the request went; an unknown or expired
// one says so.
import { hashToken } from '../auth/tokens.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { sellForHomeowner } from './process-lead.ts';
import { CONFIRM_HOURS } from './quote-timing.ts';
import type { SaleResult, SubmitOptions } from './types.ts';

export { CONFIRM_HOURS };

export const INVALID_CONFIRM_LINK = 'This link is invalid or has expired.';

export interface ConfirmResult extends SaleResult {
  /** Sold now, or confirmed earlier (the counts are where it stands). */
  confirmedNow: boolean;
  contractors: string[];
  outOfArea: boolean;
}

export async function confirmQuote(sql: Sql, token: string, options: SubmitOptions): Promise<ConfirmResult> {
  const hash = hashToken(token);
  const [confirmed] = await sql<{ id: string }[]>`
    update leads set qualification = 'pending', confirmed_at = now()
    where confirm_token_hash = ${hash} and qualification = 'unconfirmed'
      and created_at > now() - make_interval(hours => ${CONFIRM_HOURS})
    returning id`;
  // A gateway that fails now leaves the sale to the sweeper; the request stays confirmed.
  if (confirmed) await sellForHomeowner(sql, confirmed.id, options);
  const [lead] = await sql<{ id: string; qualification: string; confirmed_at: Date | null }[]>`
    select id, qualification, confirmed_at from leads where confirm_token_hash = ${hash}`;
  if (!lead?.confirmed_at) throw new AppError('NOT_FOUND', INVALID_CONFIRM_LINK);
  const distributions = await sql<{ name: string; paid: boolean }[]>`
    select b.name, d.payment_status = 'paid' as paid
    from lead_distributions d join businesses b on b.id = d.business_id
    where d.lead_id = ${lead.id} order by d.rank`;
  const contractors = distributions.filter((d) => d.paid).map((d) => d.name);
  return {
    leadId: lead.id,
    confirmedNow: Boolean(confirmed),
    contractorsContacted: distributions.length,
    paymentsSuccessful: contractors.length,
    contractors,
    outOfArea: lead.qualification === 'out_of_area',
  };
}

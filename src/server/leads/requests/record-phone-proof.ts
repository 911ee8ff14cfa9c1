// A request's phone is proven (the code was right, or the phone was proven before for this
// person): recorded once, remembered for the next request (90 days for the phone and e-mail
// together; for good on a signed-in account), then admitted by the rules that follow the person
// (admit-request.ts). An e-mail address not yet confirmed gets its link now: it confirms the
// address for the replies, and is the extra check a VoIP line needs before its request is sold.
// It never sells a request by itself.
import { PROVEN_PHONE_DAYS } from '../../../domain/integrity-rules.ts';
import { hashToken, newToken } from '../../platform/security/tokens.ts';
import type { Db, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { admitRequest, type Admission } from './admit-request.ts';
import { confirmEmailMail } from '../../platform/mail/lead-mails.ts';

const PHONE_CHANGED =
  'The phone number changed while the code was checked. Type the code sent to the new number.';

/** Whether this phone needs no code: the signed-in account's proven phone, or proven for this
 * e-mail within 90 days. */
export async function phoneProvenBefore(
  sql: Db,
  request: { phone: string; email: string; userId: string | null },
): Promise<boolean> {
  const [row] = await sql`
    select 1 from users where id = ${request.userId ?? '00000000-0000-0000-0000-000000000000'}
       and proven_phone = ${request.phone}
    union all
    select 1 from proven_phones
     where phone = ${request.phone} and email = ${request.email}
       and proven_at > now() - make_interval(days => ${PROVEN_PHONE_DAYS})
    limit 1`;
  return Boolean(row);
}

/**
 * Records the proof and admits the request; null when it was recorded before (a repeat). A proof
 * by code names the number the code went to: if the request's number changed meanwhile (a
 * correction sent while the code was checked), nothing is recorded and the homeowner is told.
 */
export async function recordPhoneProof(
  tx: TransactionSql,
  leadId: string,
  codePhone?: string,
): Promise<Admission | null> {
  if (codePhone !== undefined) {
    const [current] = await tx<{ phone: string; qualification: string }[]>`
      select phone, qualification from leads where id = ${leadId} for update`;
    if (current?.qualification === 'unconfirmed' && current.phone !== codePhone) {
      throw new AppError('CONFLICT', PHONE_CHANGED);
    }
  }
  const [lead] = await tx<
    {
      id: string;
      name: string;
      email: string;
      phone: string;
      project_type: string;
      user_id: string | null;
      email_confirmed_at: Date | null;
    }[]
  >`
    update leads set phone_verified_at = coalesce(phone_verified_at, now())
     where id = ${leadId} and qualification = 'unconfirmed'
     returning id, name, email, phone, project_type, user_id, email_confirmed_at`;
  if (!lead) return null;
  await tx`
    insert into proven_phones (phone, email) values (${lead.phone}, ${lead.email})
    on conflict (phone, email) do update set proven_at = now()`;
  if (lead.user_id) {
    await tx`update users set proven_phone = ${lead.phone}, phone_proven_at = now() where id = ${lead.user_id}`;
  }
  const admission = await admitRequest(tx, lead.id);
  if (
    !lead.email_confirmed_at &&
    (admission === 'pending' || admission === 'awaiting_email' || admission === 'held')
  ) {
    const token = newToken();
    await tx`update leads set confirm_token_hash = ${hashToken(token)} where id = ${lead.id}`;
    await enqueueMail(tx, confirmEmailMail(lead, token, admission));
  }
  return admission;
}

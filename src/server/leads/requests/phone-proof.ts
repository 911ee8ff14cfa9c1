// Proving a quote request's phone by a code: sent by text (by a voice call for a landline, or
// when asked), typed on the wizard's last step, checked by the SMS provider. Our row in
// verification_codes keeps our rules whatever the provider's: a code lives 10 minutes and takes
// 5 tries, sends wait 30 seconds between them and are limited per phone, per mailbox and per
// client address. The tries are counted before the provider is asked, so guesses sent at once
// cannot exceed them.
import {
  CODE_MINUTES,
  CODE_RESEND_SECONDS,
  CODE_SENDS_PER_CLIENT_PER_HOUR,
  CODE_SENDS_PER_EMAIL_PER_HOUR,
  CODE_SENDS_PER_PHONE_PER_HOUR,
  CODE_TRIES,
  PHONE_PROOF_MESSAGES as M,
  type CodeChannel,
  type LineType,
} from '../../../domain/integrity-rules.ts';
import type { CodeState } from '../../../domain/phone-proof-rules.ts';

export type { CodeState };
import { addressKey as clientKey } from '../../../domain/client-address.ts';
import { maskedPhone } from '../../../domain/format.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { SmsRefusedNumberError, SmsUnavailableError, type SmsPort } from '../../platform/sms/sms-port.ts';
import { log } from '../../platform/log.ts';
import { CHECK_HOLD_SECONDS } from '../leads-rules.ts';

interface CodeRow {
  id: string;
  channel: CodeChannel;
  target: string;
  provider_ref: string | null;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  verified_at: Date | null;
  live: boolean;
  /** Past its expiry by the database's clock (the one the updates compare with). */
  expired: boolean;
  /** A check of it with the provider is under way. */
  checking: boolean;
}

export interface UnprovenLead {
  id: string;
  phone: string;
  email_key: string;
  phone_line_type: LineType | null;
}

/** The request's newest code, if any. */
export async function latestCode(sql: Sql, leadId: string): Promise<CodeRow | null> {
  const [row] = await sql<CodeRow[]>`
    select id, channel, target, provider_ref, attempts, created_at, expires_at, verified_at,
           expires_at > now() and attempts < ${CODE_TRIES} and verified_at is null as live,
           expires_at <= now() as expired, coalesce(checking_until > now(), false) as checking
      from verification_codes where lead_id = ${leadId} order by created_at desc limit 1`;
  return row ?? null;
}

export function codeState(row: CodeRow, lineType: LineType | null): CodeState {
  return {
    phone: maskedPhone(row.target),
    channel: row.channel,
    lineType,
    expiresAt: row.expires_at.toISOString(),
    resendAt: new Date(row.created_at.getTime() + CODE_RESEND_SECONDS * 1000).toISOString(),
    triesLeft: Math.max(0, CODE_TRIES - row.attempts),
  };
}

/** Contact details replacing a waiting request's, once the code to the new phone is sent. */
export interface ContactChange {
  email: string;
  name: string;
  contactMethod: string;
  emailKey: string;
  emailDomain: string;
  emailConfirmed: boolean;
}

/**
 * Sends a new code for the request, to `lead.phone`. The line type is asked once per number (a
 * landline gets a call); a text the provider refuses for the number is tried once as a call.
 * Nothing of ours is written before the provider has sent it (the limits' counters aside): the
 * code's row, the line type and a contact change are recorded together afterwards.
 */
export async function sendQuoteCode(
  sql: Sql,
  sms: SmsPort,
  lead: UnprovenLead,
  options: { channel?: CodeChannel; ip?: string | null; limitsChecked?: boolean; change?: ContactChange },
): Promise<CodeState> {
  const previous = await latestCode(sql, lead.id);
  // The wait is between codes to one number: a corrected number gets its code at once.
  if (previous && previous.target === lead.phone) {
    const wait = Math.ceil((previous.created_at.getTime() + CODE_RESEND_SECONDS * 1000 - Date.now()) / 1000);
    if (wait > 0)
      throw new AppError('RATE_LIMITED', M.resendWait(wait), undefined, { retryAfterSeconds: wait });
  }
  if (previous?.checking) throw new AppError('CONFLICT', M.checking);
  if (!options.limitsChecked) await limitSends(sql, lead, options.ip ?? null);

  const lineType = lead.phone_line_type ?? (await sms.lineType(lead.phone));
  let channel: CodeChannel = options.channel ?? (lineType === 'landline' ? 'call' : 'sms');
  let sent: { ref: string };
  try {
    sent = await sms.sendCode({ phone: lead.phone, channel });
  } catch (error) {
    if (error instanceof SmsRefusedNumberError && channel === 'sms') {
      channel = 'call';
      sent = await sms.sendCode({ phone: lead.phone, channel }).catch((again: unknown) => {
        throw providerError(again);
      });
    } else {
      throw providerError(error);
    }
  }
  const change = options.change;
  const row = await sql.begin(async (tx) => {
    const [changed] = await tx`
      update leads
         set phone_line_type = ${lineType}
             ${
               change
                 ? tx`, phone = ${lead.phone}, email = ${change.email}, name = ${change.name},
                      preferred_contact_method = ${change.contactMethod}, email_key = ${change.emailKey},
                      email_domain = ${change.emailDomain},
                      email_confirmed_at = ${change.emailConfirmed ? tx`now()` : null}`
                 : tx``
             }
       where id = ${lead.id} and qualification = 'unconfirmed'
         and not exists (select 1 from verification_codes v
                          where v.lead_id = ${lead.id} and (v.verified_at is not null or v.checking_until > now()))
       returning id`;
    // A code of this request is being checked, or was right: the request is no longer to change.
    if (!changed) throw new AppError('CONFLICT', M.checking);
    const [inserted] = await tx<CodeRow[]>`
      insert into verification_codes (purpose, lead_id, channel, target, provider_ref, expires_at)
      values ('quote', ${lead.id}, ${channel}, ${lead.phone}, ${sent.ref}, now() + make_interval(mins => ${CODE_MINUTES}))
      returning id, channel, target, provider_ref, attempts, created_at, expires_at, verified_at, true as live,
                false as expired, false as checking`;
    return inserted!;
  });
  return codeState(row, lineType);
}

/** Sends per phone, per mailbox and per client address, each per hour. */
export async function limitSends(
  sql: Sql,
  lead: Pick<UnprovenLead, 'phone' | 'email_key'>,
  ip: string | null,
): Promise<void> {
  const checks: [string, string, number][] = [
    [lead.phone, 'code:phone', CODE_SENDS_PER_PHONE_PER_HOUR],
    [lead.email_key, 'code:email', CODE_SENDS_PER_EMAIL_PER_HOUR],
    ...(ip ? [[clientKey(ip), 'code:ip', CODE_SENDS_PER_CLIENT_PER_HOUR] as [string, string, number]] : []),
  ];
  for (const [identifier, action, max] of checks) {
    const result = await checkRateLimit(sql, identifier, action, max, 60);
    if (!result.allowed) {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      throw new AppError('RATE_LIMITED', M.sendLimited(minutes), undefined, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
  }
}

function providerError(error: unknown): Error {
  if (error instanceof SmsRefusedNumberError) {
    return new AppError('BAD_REQUEST', M.notUs, { phone: [M.notUs] });
  }
  if (error instanceof SmsUnavailableError) {
    log().error({ reason: error.message }, 'sms provider unavailable');
    return new AppError('UNAVAILABLE', M.sendFailed, undefined, { retryAfterSeconds: 60 });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** How often a second check of the same code looks whether the first has finished. */
const CHECK_POLL_MS = 100;

/** What a code's check decided: right (the code row to mark with the proof), or a message. */
export type CodeCheck = { approved: { codeId: string; phone: string } } | { refused: string };

/**
 * Checks a code typed for the request. Right: the code and the number it went to, for the caller
 * to record with the proof in one transaction (markCodeVerified + recordPhoneProof); if that
 * transaction fails, nothing says the code was used (releaseCode). Wrong, expired or out of tries:
 * the message for the code field, the try counted before the provider is asked, so guesses sent
 * at once each take one of the five. A check under way holds the code (checking_until): a second
 * check of it (two taps of one code) waits for the first and then finds it used. The provider not
 * answering gives the try back.
 */
export async function checkQuoteCode(
  sql: Sql,
  sms: SmsPort,
  leadId: string,
  code: string,
): Promise<CodeCheck> {
  for (;;) {
    const latest = await latestCode(sql, leadId);
    if (!latest) return { refused: M.noCode };
    if (latest.verified_at) return { approved: { codeId: latest.id, phone: latest.target } };
    if (latest.attempts >= CODE_TRIES) return { refused: M.exhausted };
    if (latest.expired) return { refused: M.expired };
    const [taken] = await sql<{ attempts: number }[]>`
      update verification_codes
         set attempts = attempts + 1, checking_until = now() + make_interval(secs => ${CHECK_HOLD_SECONDS})
       where id = ${latest.id} and attempts < ${CODE_TRIES} and verified_at is null and expires_at > now()
         and (checking_until is null or checking_until < now())
       returning attempts`;
    if (!taken) {
      // Another check of this code is under way (or it just ran out): look again shortly.
      await new Promise((resolve) => setTimeout(resolve, CHECK_POLL_MS));
      continue;
    }
    let result: Awaited<ReturnType<SmsPort['checkCode']>>;
    try {
      result = await sms.checkCode({ phone: latest.target, code, ref: latest.provider_ref ?? '' });
    } catch (error) {
      await sql`
        update verification_codes set attempts = greatest(attempts - 1, 0), checking_until = null
         where id = ${latest.id}`;
      if (error instanceof SmsUnavailableError) {
        log().error({ reason: error.message }, 'sms provider unavailable');
        throw new AppError('UNAVAILABLE', M.checkFailed, undefined, { retryAfterSeconds: 60 });
      }
      throw error;
    }
    // Still held by this check: the caller marks it verified, with the proof, and releases it.
    if (result === 'approved') return { approved: { codeId: latest.id, phone: latest.target } };
    if (result === 'gone') {
      // The provider has no such verification any more (expired, replaced or out of tries).
      await sql`
        update verification_codes
           set checking_until = null,
               expires_at = least(expires_at, greatest(now(), created_at + interval '1 millisecond'))
         where id = ${latest.id}`;
      return { refused: taken.attempts >= CODE_TRIES ? M.exhausted : M.expired };
    }
    await sql`update verification_codes set checking_until = null where id = ${latest.id}`;
    const left = CODE_TRIES - taken.attempts;
    return { refused: left > 0 ? M.wrong(left) : M.exhausted };
  }
}

/** Marks a code used, in the transaction that records the proof; false if it was already. */
export async function markCodeVerified(tx: TransactionSql, codeId: string): Promise<boolean> {
  const [row] = await tx`
    update verification_codes set verified_at = now(), checking_until = null
     where id = ${codeId} and verified_at is null returning id`;
  return Boolean(row);
}

/** Lets a code go after its proof could not be recorded (its check is over either way). */
export async function releaseCode(sql: Sql, codeId: string): Promise<void> {
  await sql`update verification_codes set checking_until = null where id = ${codeId} and verified_at is null`;
}

// Sends a code that proves a listing claim: to the listing's public phone through the SMS port
// (a text, or a voice call when the claimant asks for one or the port says the line is a
// landline), or mailed to <local part>@<the listing website's domain> through the outbox (only a
// keyed hash of the code is kept). Refused, changing nothing, when the claim is confirmed already,
// the listing offers no such channel, or a code was sent under 30 seconds ago; then limited per
// claim and per client address. docs/decisions.md ("Listing claims prove themselves").
import { randomInt, randomUUID } from 'node:crypto';
import { addressKey } from '../../../domain/client-address.ts';
import {
  CLAIM_CODE_RESEND_SECONDS,
  CLAIM_CODE_SENDS_PER_CLAIM,
  CLAIM_CODE_SENDS_PER_CLIENT,
  CLAIM_CODE_WINDOW_MINUTES,
  CLAIM_PROOF_MESSAGES as M,
  confirmationTarget,
  listingPhoneDigits,
  websiteMailDomain,
  type ClaimChannel,
} from '../../../domain/claim-rules.ts';
import { CODE_LENGTH, CODE_MINUTES } from '../../../domain/integrity-rules.ts';
import type { ClaimCodeSent, TClaimCodeRequest } from '../../../schemas/claim-proof.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { claimCodeMail } from '../../platform/mail/claim-mails.ts';
import { SmsRefusedNumberError, type SmsPort } from '../../platform/sms/sms-port.ts';
import { claimCodeHash } from './claim-code-hash.ts';
import type { ClaimAccess } from './claim-proof-cookie.ts';
import { findProofClaim, type ProofClaim } from './find-proof-claim.ts';
import { log } from '../../platform/log.ts';

/** Where the code goes, or why it cannot (a 409 naming the field the claimant chose). */
function destination(claim: ProofClaim, input: TClaimCodeRequest): { channel: ClaimChannel; target: string } {
  if (input.channel === 'email') {
    const domain = websiteMailDomain(claim.website);
    if (!domain) throw new AppError('CONFLICT', M.noWebsite, { channel: [M.noWebsite] });
    const address = `${input.localPart ?? ''}@${domain}`;
    if (address.length > 254) throw new AppError('BAD_REQUEST', M.localPart, { localPart: [M.localPart] });
    return { channel: 'email', target: address };
  }
  const phone = listingPhoneDigits(claim.phone);
  if (!phone) throw new AppError('CONFLICT', M.noPhone, { channel: [M.noPhone] });
  return { channel: input.channel, target: phone };
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

async function limitSends(sql: Sql, claimId: string, ip: string | null): Promise<void> {
  const [last] = await sql<{ seconds: number }[]>`
    select extract(epoch from now() - created_at)::float8 as seconds
      from verification_codes where claim_id = ${claimId} order by created_at desc limit 1`;
  if (last && last.seconds < CLAIM_CODE_RESEND_SECONDS) {
    const wait = Math.ceil(CLAIM_CODE_RESEND_SECONDS - last.seconds);
    throw new AppError('RATE_LIMITED', M.resendWait(wait), undefined, { retryAfterSeconds: wait });
  }
  const perClaim = await checkRateLimit(
    sql,
    claimId,
    'claim-code',
    CLAIM_CODE_SENDS_PER_CLAIM,
    CLAIM_CODE_WINDOW_MINUTES,
  );
  if (!perClaim.allowed) {
    throw new AppError('RATE_LIMITED', M.sendLimited(minutes(perClaim.retryAfterSeconds)), undefined, {
      retryAfterSeconds: perClaim.retryAfterSeconds,
    });
  }
  if (!ip) return;
  const perClient = await checkRateLimit(
    sql,
    addressKey(ip),
    'claim-code:ip',
    CLAIM_CODE_SENDS_PER_CLIENT,
    CLAIM_CODE_WINDOW_MINUTES,
  );
  if (!perClient.allowed) {
    throw new AppError('RATE_LIMITED', M.clientLimited(minutes(perClient.retryAfterSeconds)), undefined, {
      retryAfterSeconds: perClient.retryAfterSeconds,
    });
  }
}

/** Texts or calls the code through the provider; the channel it went by and the provider's ref. */
async function sendByPhone(
  sms: SmsPort,
  phone: string,
  asked: 'sms' | 'call',
): Promise<{ channel: 'sms' | 'call'; ref: string }> {
  const channel = asked === 'sms' && (await sms.lineType(phone)) === 'landline' ? 'call' : asked;
  try {
    return { channel, ref: (await sms.sendCode({ phone, channel })).ref };
  } catch (error) {
    if (error instanceof SmsRefusedNumberError) {
      throw new AppError('CONFLICT', M.refusedNumber, { channel: [M.refusedNumber] });
    }
    log().error({ err: error }, 'claim code not sent');
    throw new AppError('UNAVAILABLE', M.sendFailed);
  }
}

export async function sendClaimCode(
  sql: Sql,
  sms: SmsPort,
  access: ClaimAccess,
  input: TClaimCodeRequest,
  meta: { ip?: string | null } = {},
): Promise<ClaimCodeSent> {
  const claim = await findProofClaim(sql, access);
  if (claim.confirmation) throw new AppError('CONFLICT', M.alreadyConfirmed);
  const to = destination(claim, input);
  await limitSends(sql, claim.id, meta.ip ?? null);

  const id = randomUUID();
  if (to.channel === 'email') {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const row = await sql.begin(async (tx) => {
      await enqueueMail(tx, claimCodeMail(to.target, code, claim.businessName));
      const [inserted] = await tx<{ expires_at: Date }[]>`
        insert into verification_codes (id, purpose, claim_id, channel, target, code_hash, expires_at)
        values (${id}, 'claim', ${claim.id}, 'email', ${to.target}, ${claimCodeHash(id, code)},
                now() + make_interval(mins => ${CODE_MINUTES}))
        returning expires_at`;
      return inserted!;
    });
    return { channel: 'email', sentTo: to.target, expiresAt: row.expires_at.toISOString() };
  }

  const sent = await sendByPhone(sms, to.target, to.channel);
  const [row] = await sql<{ expires_at: Date }[]>`
    insert into verification_codes (id, purpose, claim_id, channel, target, provider_ref, expires_at)
    values (${id}, 'claim', ${claim.id}, ${sent.channel}, ${to.target}, ${sent.ref},
            now() + make_interval(mins => ${CODE_MINUTES}))
    returning expires_at`;
  return {
    channel: sent.channel,
    sentTo: confirmationTarget(sent.channel, to.target),
    expiresAt: row!.expires_at.toISOString(),
  };
}

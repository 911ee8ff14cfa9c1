// Checks the code that proves a listing claim against the claim's newest code: 10 minutes, 5
// tries, each try taken in one UPDATE before the code is compared (two at once cannot both use
// the last one). A mailed code is compared with its keyed hash; a phone code by the SMS provider.
// The right code confirms the claim (verified_at, channel and target), which the admin sees.
import { CLAIM_PROOF_MESSAGES as M } from '../../../domain/claim-rules.ts';
import { CODE_TRIES } from '../../../domain/integrity-rules.ts';
import type { ClaimCodeConfirmed } from '../../../schemas/claim-proof.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckResult, SmsPort } from '../../platform/sms/sms-port.ts';
import { claimCodeMatches } from './claim-code-hash.ts';
import type { ClaimAccess } from './claim-proof-cookie.ts';
import { findProofClaim, toConfirmation } from './find-proof-claim.ts';
import { log } from '../../platform/log.ts';

interface CodeRow {
  id: string;
  channel: 'sms' | 'call' | 'email';
  target: string;
  provider_ref: string | null;
  code_hash: string | null;
  attempts: number;
  live: boolean;
}

const refused = (message: string) => new AppError('CONFLICT', message, { code: [message] });

async function compare(sms: SmsPort, row: CodeRow, code: string): Promise<CheckResult> {
  if (row.channel === 'email')
    return row.code_hash && claimCodeMatches(row.id, code, row.code_hash) ? 'approved' : 'wrong';
  return sms.checkCode({ phone: row.target, code, ref: row.provider_ref ?? '' });
}

export async function checkClaimCode(
  sql: Sql,
  sms: SmsPort,
  access: ClaimAccess,
  code: string,
): Promise<ClaimCodeConfirmed> {
  const claim = await findProofClaim(sql, access);
  if (claim.confirmation) return { confirmation: claim.confirmation };
  const [row] = await sql<CodeRow[]>`
    select id, channel, target, provider_ref, code_hash, attempts, expires_at > now() as live
      from verification_codes
     where claim_id = ${claim.id} and purpose = 'claim' and verified_at is null
     order by created_at desc, id desc
     limit 1`;
  if (!row) throw refused(M.noCode);
  if (!row.live) throw refused(M.expired);
  if (row.attempts >= CODE_TRIES) throw refused(M.exhausted);
  const [taken] = await sql<{ attempts: number }[]>`
    update verification_codes set attempts = attempts + 1
     where id = ${row.id} and attempts < ${CODE_TRIES} and expires_at > now() and verified_at is null
     returning attempts`;
  if (!taken) throw refused(M.exhausted);

  let result: CheckResult;
  try {
    result = await compare(sms, row, code);
  } catch (error) {
    // The provider did not answer: the try was not used.
    await sql`update verification_codes set attempts = attempts - 1 where id = ${row.id} and attempts > 0`;
    log().error({ err: error }, 'claim code not checked');
    throw new AppError('UNAVAILABLE', M.checkFailed);
  }
  if (result === 'gone') throw refused(M.expired);
  if (result === 'wrong') {
    const left = CODE_TRIES - taken.attempts;
    if (left <= 0) throw refused(M.exhausted);
    throw new AppError('BAD_REQUEST', M.wrong(left), { code: [M.wrong(left)] });
  }

  const confirmed = await sql.begin(async (tx) => {
    await tx`update verification_codes set verified_at = now() where id = ${row.id}`;
    const [claimRow] = await tx<
      { verified_at: Date; verified_channel: CodeRow['channel']; verified_target: string }[]
    >`
      update business_claims
         set verified_at = coalesce(verified_at, now()),
             verified_channel = coalesce(verified_channel, ${row.channel}),
             verified_target = coalesce(verified_target, ${row.target})
       where id = ${claim.id} and status = 'pending'
       returning verified_at, verified_channel, verified_target`;
    return claimRow;
  });
  // Decided by an admin between the code and now: nothing is left to confirm.
  if (!confirmed) throw new AppError('CONFLICT', M.noClaim);
  return { confirmation: toConfirmation(confirmed)! };
}

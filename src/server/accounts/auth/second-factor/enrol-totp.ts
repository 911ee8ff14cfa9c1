// Setting up an authenticator app: a new secret waits (pending) until a first code from the app
// confirms it; then it replaces any app in use. The first factor of an account comes with its
// ten recovery codes. The QR code is drawn here, as SVG, never by a third party.
import QRCode from 'qrcode';
import type { Sql } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { firstFactorCodes } from './remove-factor.ts';
import { recordSecondFactorProof } from './record-second-factor-proof.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import { newTotpSecret, stepOfCode, totpOf } from './totp.ts';
import { PENDING_MINUTES } from '../../accounts-rules.ts';

export interface TotpSetup {
  /** The secret in base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

export async function startTotpEnrolment(sql: Sql, user: { id: string; email: string }): Promise<TotpSetup> {
  const secret = newTotpSecret();
  await sql`
    insert into user_totp (user_id, pending_secret_enc, pending_since)
    values (${user.id}, ${sealSecret(secret)}, now())
    on conflict (user_id) do update set pending_secret_enc = excluded.pending_secret_enc,
                                        pending_since = excluded.pending_since`;
  const uri = totpOf(secret, user.email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Confirms the pending secret with a code from the app; the session that did it counts as
 * having proved a second factor. Returns the recovery codes when the account had none left.
 */
export async function confirmTotpEnrolment(
  sql: Sql,
  user: { id: string; sessionId: string },
  code: string,
): Promise<{ recoveryCodes: string[] | null }> {
  const [row] = await sql<{ pending_secret_enc: string | null }[]>`
    select pending_secret_enc from user_totp
    where user_id = ${user.id} and pending_since > now() - make_interval(mins => ${PENDING_MINUTES})`;
  const secret = row?.pending_secret_enc ? openSecret(row.pending_secret_enc) : null;
  if (!secret) throw new AppError('CONFLICT', FACTOR_MESSAGES.noPendingTotp);
  const step = stepOfCode(secret, code);
  if (step === null)
    throw new AppError('BAD_REQUEST', FACTOR_MESSAGES.wrongCode, { code: [FACTOR_MESSAGES.wrongCode] });
  const moved = await sql`
    update user_totp set secret_enc = pending_secret_enc, confirmed_at = now(), last_step = ${step},
                         pending_secret_enc = null, pending_since = null
    where user_id = ${user.id} and pending_secret_enc = ${row!.pending_secret_enc}
    returning 1`;
  if (!moved.length) throw new AppError('CONFLICT', FACTOR_MESSAGES.noPendingTotp);
  await recordSecondFactorProof(sql, user.sessionId);
  return { recoveryCodes: await firstFactorCodes(sql, user.id) };
}

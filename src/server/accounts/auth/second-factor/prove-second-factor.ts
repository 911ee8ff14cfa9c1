// A signed-in user proves a second factor in their session: a code or a passkey is checked
// (within the attempt limit) and the session marked (record-second-factor-proof.ts).
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Sql } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SessionUser } from '../../../platform/security/sessions.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { limitFactorAttempts } from './limit-factor-attempts.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { passkeyAuthenticationOptions, usePasskey, type RelyingParty } from './passkeys.ts';
import { recordSecondFactorProof } from './record-second-factor-proof.ts';

export async function proveSecondFactor(
  sql: Sql,
  user: Pick<SessionUser, 'id' | 'sessionId'>,
  code: string,
): Promise<'totp' | 'recovery'> {
  const attempt = await limitFactorAttempts(sql, user.id);
  const method = await checkSecondFactor(sql, user.id, code);
  await attempt.succeeded();
  await recordSecondFactorProof(sql, user.sessionId);
  return method;
}

/** The passkey challenge for a signed-in user proving a second factor (409 without a passkey). */
export function provePasskeyOptions(sql: Sql, user: Pick<SessionUser, 'id'>, rp: RelyingParty) {
  return passkeyAuthenticationOptions(sql, user.id, rp);
}

/** A signed-in user proves a second factor with a passkey's answer to provePasskeyOptions' challenge. */
export async function provePasskey(
  sql: Sql,
  user: Pick<SessionUser, 'id' | 'sessionId'>,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<void> {
  const attempt = await limitFactorAttempts(sql, user.id);
  if (!(await usePasskey(sql, user.id, rp, response))) {
    throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.passkeyFailed);
  }
  await attempt.succeeded();
  await recordSecondFactorProof(sql, user.sessionId);
}

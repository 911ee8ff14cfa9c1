// The sign-in's second step: the pending sign-in's cookie and a code (authenticator or
// recovery) or a passkey's answer. Only now does the session exist, marked as made with a second
// factor.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Role } from '../../../../domain/guards.ts';
import type { Sql } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RequestMeta } from '../limit-attempts.ts';
import { openSession, type SignedIn } from '../sign-in.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { limitFactorAttempts } from './limit-factor-attempts.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { passkeyAuthenticationOptions, usePasskey, type RelyingParty } from './passkeys.ts';
import { attemptPendingSignIn, finishPendingSignIn, pendingUser } from './pending-sign-in.ts';

/** The passkey challenge for a pending sign-in (its user's passkeys); null when it has ended. */
export async function pendingPasskeyOptions(sql: Sql, pendingToken: string | null, rp: RelyingParty) {
  const userId = pendingToken ? await pendingUser(sql, pendingToken) : null;
  if (!userId) throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.signInExpired);
  return passkeyAuthenticationOptions(sql, userId, rp);
}

/** What the second step was given: a code, or a passkey's answer for this site. */
export type SecondStepProof = string | { passkey: AuthenticationResponseJSON; rp: RelyingParty };

export async function finishSignIn(
  sql: Sql,
  pendingToken: string | null,
  proof: SecondStepProof,
  meta: RequestMeta = {},
): Promise<Omit<SignedIn, 'device'> & { method: 'totp' | 'recovery' | 'passkey' }> {
  const pending = pendingToken ? await attemptPendingSignIn(sql, pendingToken) : null;
  if (!pending) throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.signInExpired);
  const attempt = await limitFactorAttempts(sql, pending.userId);
  let method: 'totp' | 'recovery' | 'passkey';
  if (typeof proof === 'string') {
    method = await checkSecondFactor(sql, pending.userId, proof);
  } else if (await usePasskey(sql, pending.userId, proof.rp, proof.passkey)) {
    method = 'passkey';
  } else {
    throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.passkeyFailed);
  }
  await attempt.succeeded();
  if (!(await finishPendingSignIn(sql, pending.id)))
    throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.signInExpired);
  const [user] = await sql<{ roles: Role[]; disabled: boolean }[]>`
    select u.disabled_at is not null as disabled,
           coalesce((select array_agg(r.role) from user_roles r where r.user_id = u.id), '{}') as roles
    from users u where u.id = ${pending.userId}`;
  if (!user || user.disabled) throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.signInExpired);
  return { ...(await openSession(sql, pending.userId, user.roles, meta, true)), method };
}

// The sign-in's second step: the pending sign-in's cookie and a code (authenticator or
// recovery). Only now does the session exist, marked as made with a second factor.
import type { Role } from '../../../domain/guards.ts';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { RequestMeta } from '../limit-attempts.ts';
import { openSession, type SignedIn } from '../sign-in.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { limitFactorAttempts } from './limit-factor-attempts.ts';
import { FACTOR_MESSAGES } from './messages.ts';
import { attemptPendingSignIn, finishPendingSignIn } from './pending-sign-in.ts';

export async function finishSignIn(
  sql: Sql,
  pendingToken: string | null,
  code: string,
  meta: RequestMeta = {},
): Promise<Omit<SignedIn, 'device'> & { method: 'totp' | 'recovery' }> {
  const pending = pendingToken ? await attemptPendingSignIn(sql, pendingToken) : null;
  if (!pending) throw new AppError('UNAUTHORIZED', FACTOR_MESSAGES.signInExpired);
  const attempt = await limitFactorAttempts(sql, pending.userId);
  const method = await checkSecondFactor(sql, pending.userId, code);
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

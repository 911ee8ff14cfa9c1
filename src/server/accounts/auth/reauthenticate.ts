// POST /api/account/reauth's use-case: the password asked again in a signed-in session. Counted
// like sign-in attempts (5 per user per 5 minutes, shared with the password change's check of the
// current password, and the per-address limit) before the password is verified, so a stolen
// session cannot guess its way to a sensitive change.
import type { Sql } from '../../platform/db/client.ts';
import { REAUTH_MESSAGES } from '../../../domain/session-rules.ts';
import { AppError } from '../../platform/errors.ts';
import { limitAddress, limitPasswordChecks, type RequestMeta } from './limit-attempts.ts';
import { verifyPassword } from './password.ts';
import { markReauthenticated } from './recent-authentication.ts';

export async function reauthenticate(
  sql: Sql,
  user: { id: string; sessionId: string },
  password: string,
  meta: RequestMeta = {},
): Promise<void> {
  await limitPasswordChecks(sql, user.id);
  await limitAddress(sql, meta);
  const [row] = await sql<{ password_hash: string }[]>`select password_hash from users where id = ${user.id}`;
  if (!row || !(await verifyPassword(row.password_hash, password))) {
    throw new AppError('BAD_REQUEST', REAUTH_MESSAGES.wrongPassword, {
      password: [REAUTH_MESSAGES.wrongPassword],
    });
  }
  await markReauthenticated(sql, user.sessionId);
}

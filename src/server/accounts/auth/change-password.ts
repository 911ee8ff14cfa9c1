// Password change from Security settings: needs the current password (5 checks per user per 5
// minutes, counted before it is verified); ends the user's other sessions and voids the links
// mailed earlier. The current password is this change's re-authentication (issue 26): it is asked
// on the form itself, so no recent proof is needed first, and the session counts as proven after.
// An account with a second factor changes it only from a session that proved the factor.
import type { TChangePassword } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { MESSAGES } from './account-messages.ts';
import { voidPendingTokens } from './account-tokens.ts';
import { limitPasswordChecks } from './limit-attempts.ts';
import { checkNewPassword } from './check-new-password.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { markReauthenticated } from './recent-authentication.ts';
import { requireFactorIfEnrolled } from './second-factor/require-proved-session.ts';
import { endOtherSessions, type SessionUser } from '../../platform/security/sessions.ts';
import { endPendingSignIns } from './second-factor/pending-sign-in.ts';

export async function changePassword(
  sql: Sql,
  user: Pick<SessionUser, 'id' | 'sessionId' | 'secondFactor'>,
  input: TChangePassword,
): Promise<void> {
  requireFactorIfEnrolled(user);
  await limitPasswordChecks(sql, user.id);
  const [row] = await sql<{ password_hash: string; email: string; full_name: string | null }[]>`
    select password_hash, email, full_name from users where id = ${user.id}`;
  // The policy first: a refused new password costs no argon2 time.
  if (row) await checkNewPassword(input.password, { email: row.email, name: row.full_name });
  if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidCurrentPassword, {
      currentPassword: [MESSAGES.invalidCurrentPassword],
    });
  }
  const passwordHash = await hashPassword(input.password);
  await sql.begin(async (tx) => {
    await tx`update users set password_hash = ${passwordHash} where id = ${user.id}`;
    await voidPendingTokens(tx, user.id);
    await endPendingSignIns(tx, user.id);
    await markReauthenticated(tx, user.sessionId);
  });
  await endOtherSessions(sql, user.id, user.sessionId);
}

// Password reset: the mailed link, whether it is still good, and the new password. A reset ends
// every session of the user and signs the resetting browser in.
import type { TResetPassword } from '../../schemas/auth.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail } from './account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { consumeToken, issueToken, voidPendingTokens } from './account-tokens.ts';
import { limitAddress, limitAttempts, type RequestMeta } from './limit-attempts.ts';
import { hashPassword } from './password.ts';
import { createSession } from './sessions.ts';
import { hashToken } from './tokens.ts';

/** Always the same answer, whether or not the account exists. */
export async function requestPasswordReset(sql: Sql, email: string, meta: RequestMeta = {}): Promise<void> {
  await limitAttempts(sql, email, 'reset', meta);
  await sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
    if (!user) return;
    await enqueueMail(tx, passwordResetMail(email, await issueToken(tx, user.id, 'password_reset')));
  });
}

/** Whether a reset link is still good (it is not used up by looking). */
export async function resetTokenIsValid(sql: Sql, token: string): Promise<boolean> {
  const [row] = await sql`
    select 1 from auth_tokens where token_hash = ${hashToken(token)} and purpose = 'password_reset'
      and used_at is null and expires_at > now()`;
  return Boolean(row);
}

/** Sets the new password, ends every session of the user and signs this browser in. */
export async function resetPassword(
  sql: Sql,
  input: TResetPassword,
  meta: RequestMeta = {},
): Promise<{ token: string; expiresAt: Date }> {
  await limitAddress(sql, meta);
  // No argon2 work for a link that is not good (the check is repeated, atomically, below).
  if (!(await resetTokenIsValid(sql, input.token))) throw new AppError('BAD_REQUEST', MESSAGES.invalidLink);
  const passwordHash = await hashPassword(input.password);
  return sql.begin(async (tx) => {
    const used = await consumeToken(tx, input.token, ['password_reset']);
    if (!used) throw new AppError('BAD_REQUEST', MESSAGES.invalidLink);
    // Proving access to the mailbox also confirms the address.
    await tx`update users set password_hash = ${passwordHash}, email_confirmed_at = coalesce(email_confirmed_at, now())
             where id = ${used.userId}`;
    await tx`delete from sessions where user_id = ${used.userId}`;
    await voidPendingTokens(tx, used.userId);
    return createSession(tx as unknown as Sql, used.userId, meta);
  });
}

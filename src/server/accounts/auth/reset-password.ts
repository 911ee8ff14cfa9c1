// Password reset: the mailed link, whether it is still good, and the new password. A reset ends
// every session and half-done sign-in of the user and signs the resetting browser in, unless the
// account has a second factor: the mailbox is then not enough to open a session, and the browser
// signs in with the new password and the factor, as anywhere else (issue 26).
import type { TResetPassword } from '../../../schemas/auth.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { passwordResetMail } from '../../platform/mail/account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { consumeToken, issueToken, voidPendingTokens } from './account-tokens.ts';
import { limitAddress, limitAttempts, type RequestMeta } from './limit-attempts.ts';
import { checkNewPassword } from './check-new-password.ts';
import { hashPassword } from './password.ts';
import { hasSecondFactor } from './second-factor/factor-status.ts';
import { createSession } from '../../platform/security/sessions.ts';
import { hashToken } from '../../platform/security/tokens.ts';
import { endPendingSignIns } from './second-factor/pending-sign-in.ts';

/** Always the same answer, whether or not the account exists. */
export async function requestPasswordReset(sql: Sql, email: string, meta: RequestMeta = {}): Promise<void> {
  await limitAttempts(sql, email, 'reset', meta);
  await sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
    if (!user) return;
    await enqueueMail(tx, passwordResetMail(email, await issueToken(tx, user.id, 'password_reset')));
  });
}

/** The account a reset link is for while the link is still good (looking does not use it up). */
export async function resetTokenOwner(
  sql: Sql,
  token: string,
): Promise<{ email: string; fullName: string | null } | null> {
  const [row] = await sql<{ email: string; full_name: string | null }[]>`
    select u.email, u.full_name from auth_tokens t join users u on u.id = t.user_id
    where t.token_hash = ${hashToken(token)} and t.purpose = 'password_reset'
      and t.used_at is null and t.expires_at > now()`;
  return row ? { email: row.email, fullName: row.full_name } : null;
}

/** Whether a reset link is still good (it is not used up by looking). */
export async function resetTokenIsValid(sql: Sql, token: string): Promise<boolean> {
  return (await resetTokenOwner(sql, token)) !== null;
}

/** The reset's outcome: this browser's new session, or none when the account has a second factor. */
export type ResetOutcome = { signedIn: true; token: string; expiresAt: Date } | { signedIn: false };

/** Sets the new password, ends every session of the user and signs this browser in (see above). */
export async function resetPassword(
  sql: Sql,
  input: TResetPassword,
  meta: RequestMeta = {},
): Promise<ResetOutcome> {
  await limitAddress(sql, meta);
  // No argon2 work for a link that is not good (the check is repeated, atomically, below).
  const owner = await resetTokenOwner(sql, input.token);
  if (!owner) throw new AppError('BAD_REQUEST', MESSAGES.invalidLink);
  await checkNewPassword(input.password, { email: owner.email, name: owner.fullName });
  const passwordHash = await hashPassword(input.password);
  return sql.begin(async (tx) => {
    const used = await consumeToken(tx, input.token, ['password_reset']);
    if (!used) throw new AppError('BAD_REQUEST', MESSAGES.invalidLink);
    // Proving access to the mailbox also confirms the address.
    await tx`update users set password_hash = ${passwordHash}, email_confirmed_at = coalesce(email_confirmed_at, now())
             where id = ${used.userId}`;
    await tx`delete from sessions where user_id = ${used.userId}`;
    await endPendingSignIns(tx, used.userId);
    await voidPendingTokens(tx, used.userId);
    if (await hasSecondFactor(tx, used.userId)) return { signedIn: false };
    return { signedIn: true, ...(await createSession(tx, used.userId, meta)) };
  });
}

// The undo of an e-mail change (issue 26): when a change takes effect, the old address is mailed a
// link that, for 7 days and once, puts the old address back. Whoever moved the account may hold
// the password and any session, so undoing also ends every session and half-done sign-in of the
// account, makes the password unusable (only the reset link handed over works), voids the pending
// resets and changes and the undo links of later changes, and hands the person at the old address
// a fresh password-reset link to choose a new password at once.
// Two ways an attacker would keep the account are closed: undoing a later change (to an address
// they hold) voids no earlier undo link, so the owner's still works; and an unconfirmed sign-up
// squatting the freed old address is replaced (replace-pending-account.ts), so it cannot block
// the owner's undo.
import { EMAIL_UNDO_DAYS } from '../../../domain/session-rules.ts';
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { MESSAGES } from './account-messages.ts';
import { issueToken, voidPendingTokens } from './account-tokens.ts';
import { hashPassword } from './password.ts';
import { replacePendingAccount } from './replace-pending-account.ts';
import { hashToken, newToken } from '../../platform/security/tokens.ts';
import { endPendingSignIns } from './second-factor/pending-sign-in.ts';

/** A new undo link for the change from `oldEmail` to `newEmail`: its token (only the hash is kept). */
export async function issueEmailChangeUndo(
  tx: TransactionSql,
  userId: string,
  oldEmail: string,
  newEmail: string,
): Promise<string> {
  const token = newToken();
  await tx`
    insert into email_change_undos (token_hash, user_id, old_email, new_email, expires_at)
    values (${hashToken(token)}, ${userId}, ${oldEmail}, ${newEmail},
            now() + make_interval(days => ${EMAIL_UNDO_DAYS}))`;
  return token;
}

export interface UndoneEmailChange {
  /** The address the account has again. */
  email: string;
  userId: string;
  /** A password-reset token for that account, so the page can offer "Set a new password". */
  resetToken: string;
}

/**
 * Uses an undo link once: the old address is the account's again (and confirmed: its owner just
 * followed a link mailed to it), every session ends, every other pending link is void. An unknown,
 * used or expired link is a 400; an old address another account has taken meanwhile is a 409 and
 * leaves the link usable.
 */
export async function undoEmailChange(sql: Sql, token: string): Promise<UndoneEmailChange> {
  // No argon2 work for a link that is not good (checked again, atomically, below). The token is
  // 256 random bits: guessing one is hopeless, so no per-address count is spent on it (the
  // browser tests share one address's sign-in allowance).
  const [live] = await sql`
    select 1 from email_change_undos
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()`;
  if (!live) throw new AppError('BAD_REQUEST', MESSAGES.invalidVerifyLink);
  // A password nobody knows, hashed like any other (a sign-in with it costs the same time).
  const unusable = await hashPassword(newToken());
  return sql.begin(async (tx) => {
    const [undo] = await tx<{ user_id: string; old_email: string; created_at: Date }[]>`
      update email_change_undos set used_at = now()
      where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
      returning user_id, old_email, created_at`;
    if (!undo) throw new AppError('BAD_REQUEST', MESSAGES.invalidVerifyLink);
    // An unconfirmed account at the old address holds nothing of anyone's: it gives way.
    await replacePendingAccount(tx, undo.old_email);
    const [taken] = await tx`select 1 from users where email = ${undo.old_email} and id <> ${undo.user_id}`;
    if (taken) throw new AppError('CONFLICT', MESSAGES.emailTaken);
    await tx`update users set email = ${undo.old_email}, email_confirmed_at = now(), password_hash = ${unusable}
             where id = ${undo.user_id}`.catch((error: unknown) => {
      // Taken between the check and the update by a sign-up.
      if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT', MESSAGES.emailTaken);
      throw error;
    });
    await tx`update profiles set email = ${undo.old_email} where id = ${undo.user_id}`;
    await tx`delete from sessions where user_id = ${undo.user_id}`;
    await endPendingSignIns(tx, undo.user_id);
    await voidPendingTokens(tx, undo.user_id);
    // The undo links of later changes go; an earlier change's link stays the owner's way back.
    await tx`update email_change_undos set used_at = now()
             where user_id = ${undo.user_id} and used_at is null and created_at >= ${undo.created_at}`;
    const resetToken = await issueToken(tx, undo.user_id, 'password_reset');
    return { userId: undo.user_id, email: undo.old_email, resetToken };
  });
}

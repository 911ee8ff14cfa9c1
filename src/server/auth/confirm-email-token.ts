// A link from a mail: confirms a new account's address (and signs in the browser that signed up,
// known by its signup cookie: signup-browser-cookie.ts; any other is told to sign in), or makes a
// requested e-mail change take effect. Each link works once. A change ends every session of the
// account but the confirming browser's own (when it is signed in to that account) and mails the
// old address a link that undoes it for 7 days (issue 26).
import { signInLanding, type Role } from '../../domain/guards.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emailChangedMail } from './account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { consumeToken, voidPendingTokens } from './account-tokens.ts';
import type { RequestMeta } from './limit-attempts.ts';
import { joinVerifiedRequests } from '../inbox/join-verified-requests.ts';
import { createSession } from './sessions.ts';
import { hashToken } from './tokens.ts';
import { issueEmailChangeUndo } from './undo-email-change.ts';

export async function confirmEmailToken(
  sql: Sql,
  token: string,
  meta: RequestMeta = {},
  /** The confirming browser's signup cookie value, if it has one. */
  browser: string | null = null,
  /** The confirming browser's session, if it is signed in: kept when it is the account's. */
  current: { id: string; sessionId: string } | null = null,
): Promise<
  | {
      purpose: 'email_change';
      session: null;
      /** Whether the confirming browser's session was the account's, and so is still signed in. */
      keptSession: boolean;
    }
  | {
      purpose: 'email_verification';
      /** Null unless this is the browser that signed up (it is told to sign in). */
      session: { token: string; expiresAt: Date } | null;
      /** Where the new account goes (signInLanding: a contractor's dashboard), else null. */
      landing: string | null;
    }
> {
  return sql.begin(async (tx) => {
    const used = await consumeToken(tx, token, ['email_verification', 'email_change']);
    if (!used) throw new AppError('BAD_REQUEST', MESSAGES.invalidVerifyLink);
    if (used.purpose === 'email_change') {
      const newEmail = used.newEmail!;
      const [taken] = await tx`select 1 from users where email = ${newEmail} and id <> ${used.userId}`;
      if (taken) throw new AppError('CONFLICT', MESSAGES.emailTaken);
      const [old] = await tx<{ email: string }[]>`select email from users where id = ${used.userId}`;
      await tx
        .savepoint(
          (sp) =>
            sp`update users set email = ${newEmail}, email_confirmed_at = now() where id = ${used.userId}`,
        )
        .catch((error: unknown) => {
          // Taken between the check and the update by a sign-up.
          if ((error as { code?: string }).code === '23505')
            throw new AppError('CONFLICT', MESSAGES.emailTaken);
          throw error;
        });
      await tx`update profiles set email = ${newEmail} where id = ${used.userId}`;
      // Links mailed to the old address (resets, other changes) are void now.
      await voidPendingTokens(tx, used.userId);
      const keep = current?.id === used.userId ? current.sessionId : null;
      await tx`delete from sessions where user_id = ${used.userId} and (${keep}::text is null or id <> ${keep})`;
      const undo = await issueEmailChangeUndo(tx, used.userId, old!.email, newEmail);
      await enqueueMail(tx, emailChangedMail(old!.email, newEmail, undo));
      // Requests sent with the newly verified address join the account (issue 25).
      await joinVerifiedRequests(tx, used.userId);
      return { purpose: 'email_change' as const, session: null, keptSession: keep !== null };
    }
    await tx`update users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${used.userId}`;
    await joinVerifiedRequests(tx, used.userId);
    const signedUpHere =
      used.browserHash !== null && browser !== null && hashToken(browser) === used.browserHash;
    const session = signedUpHere ? await createSession(tx as unknown as Sql, used.userId, meta) : null;
    const roles = await tx<{ role: Role }[]>`select role from user_roles where user_id = ${used.userId}`;
    return {
      purpose: 'email_verification' as const,
      session,
      landing: signInLanding(roles.map((r) => r.role)),
    };
  });
}

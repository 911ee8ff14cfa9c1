// A link from a mail: confirms a new account's address, or makes a requested e-mail change take
// effect. Each link works once. A new account is confirmed by the browser that signed up (known
// by its signup cookie: signup-browser-cookie.ts), which is signed in, or by any other that gives
// the account's password, which is then sent to sign in (issue 26: verifying never signs in a
// browser that did not start the sign-up). The holder of the mailbox alone must not confirm an
// account whose password someone else chose (pre-hijacking: they sign up again instead, which
// replaces it). The password tries are limited per account (5 per 5 minutes, with the password
// change's and re-authentication's): only the holder of the link can try at all. A link of an account
// confirmed already signs nobody in (it may have a second factor by now), and the first link used
// voids the account's others. A change
// ends every session of the account but the confirming browser's own (when it is signed in to
// that account) and mails the old address a link that undoes it for 7 days (issue 26).
import { signInLanding, type Role } from '../../../domain/guards.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { emailChangedMail } from '../../platform/mail/account-mails.ts';
import { MESSAGES } from './account-messages.ts';
import { consumeToken, voidPendingTokens } from './account-tokens.ts';
import { limitPasswordChecks, type RequestMeta } from './limit-attempts.ts';
import { verifyPassword } from './password.ts';
import { joinVerifiedRequests } from './join-verified-requests.ts';
import { createSession } from '../../platform/security/sessions.ts';
import { hashToken } from '../../platform/security/tokens.ts';
import { issueEmailChangeUndo } from './undo-email-change.ts';

export async function confirmEmailToken(
  sql: Sql,
  token: string,
  meta: RequestMeta = {},
  /** The confirming browser's signup cookie value, if it has one. */
  browser: string | null = null,
  /** The confirming browser's session, if it is signed in: kept when it is the account's. */
  current: { id: string; sessionId: string } | null = null,
  /** The account's password, given by a browser that did not sign up. */
  password: string | null = null,
): Promise<
  | {
      purpose: 'email_change';
      session: null;
      /** Whether the confirming browser's session was the account's, and so is still signed in. */
      keptSession: boolean;
    }
  | {
      purpose: 'email_verification';
      /** The signing-up browser's new session; null for any other browser, or when the account was confirmed already. */
      session: { token: string; expiresAt: Date } | null;
      /** Where the new account goes (signInLanding: a contractor's dashboard), else null. */
      landing: string | null;
    }
> {
  const signingUpBrowser = await proveNewAccount(sql, token, browser, password);
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
    const [account] = await tx<{ confirmed: boolean }[]>`
      select email_confirmed_at is not null as confirmed from users where id = ${used.userId} for update`;
    const roles = await tx<{ role: Role }[]>`select role from user_roles where user_id = ${used.userId}`;
    const landing = signInLanding(roles.map((r) => r.role));
    // The account's other verification links go with this one.
    await tx`update auth_tokens set used_at = now()
             where user_id = ${used.userId} and purpose = 'email_verification' and used_at is null`;
    // A link of an account confirmed already (one of several mailed) opens nothing: the account
    // may have a second factor by now, and signing in is the way in.
    if (account?.confirmed) return { purpose: 'email_verification' as const, session: null, landing };
    await tx`update users set email_confirmed_at = now() where id = ${used.userId}`;
    await joinVerifiedRequests(tx, used.userId);
    // proveNewAccount let only the signing-up browser or the password this far; only the first is signed in.
    const session = signingUpBrowser ? await createSession(tx, used.userId, meta) : null;
    return { purpose: 'email_verification' as const, session, landing };
  });
}

/** Whether the browser holding the signup cookie value `browser` is the one that signed up. */
function signedUpHere(browserHash: string | null, browser: string | null): boolean {
  return browserHash !== null && browser !== null && hashToken(browser) === browserHash;
}

/**
 * For a new account's link: passes the browser that signed up (true: it is to be signed in), and
 * any other that gives the account's password (counted before it is checked; false); refuses the
 * rest with a 400 on `password`, the link left unused. Any other link (a change, an unknown or
 * used one, a confirmed account's) is the caller's to judge (false).
 */
async function proveNewAccount(
  sql: Sql,
  token: string,
  browser: string | null,
  password: string | null,
): Promise<boolean> {
  const link = await liveVerificationLink(sql, token);
  // A confirmed account's link signs nobody in (confirmEmailToken): nothing to prove.
  if (!link || link.confirmed) return false;
  if (signedUpHere(link.browser_hash, browser)) return true;
  const refuse = (message: string): never => {
    throw new AppError('BAD_REQUEST', message, { password: [message] });
  };
  if (!password) return refuse(MESSAGES.verifyPasswordNeeded);
  await limitPasswordChecks(sql, link.user_id);
  if (!(await verifyPassword(link.password_hash, password))) refuse(MESSAGES.verifyWrongPassword);
  return false;
}

/** Whether following the link `token` needs the account's password in this browser (see above). */
export async function verificationNeedsPassword(
  sql: Sql,
  token: string,
  browser: string | null,
): Promise<boolean> {
  const link = await liveVerificationLink(sql, token);
  return link !== null && !link.confirmed && !signedUpHere(link.browser_hash, browser);
}

/** A new account's verification link while it is usable, with what the checks above need. */
async function liveVerificationLink(sql: Sql, token: string) {
  const [link] = await sql<
    { user_id: string; browser_hash: string | null; password_hash: string; confirmed: boolean }[]
  >`
    select t.user_id, t.browser_hash, u.password_hash, u.email_confirmed_at is not null as confirmed
    from auth_tokens t join users u on u.id = t.user_id
    where t.token_hash = ${hashToken(token)} and t.purpose = 'email_verification'
      and t.used_at is null and t.expires_at > now()`;
  return link ?? null;
}

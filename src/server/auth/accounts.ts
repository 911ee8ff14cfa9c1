// Account use-cases: sign-up, sign-in, e-mail verification, password reset and change, profile
// and e-mail change, notification preferences. Each state change and the mail announcing it
// are written in one transaction (mail/outbox.ts). Messages are the spec's.
import type {
  TChangePassword,
  TPreferences,
  TProfileUpdate,
  TResetPassword,
  TSignIn,
  TSignUp,
} from '../../schemas/auth.ts';
import { siteUrl } from '../config.ts';
import type { Sql, TransactionSql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkRateLimit } from './rate-limit.ts';
import { createSession, endOtherSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

/** Spec: 5 attempts per e-mail and mode per 300000 ms. */
export const AUTH_ATTEMPTS = 5;
export const AUTH_WINDOW_MINUTES = 5;
/** Against credential stuffing: attempts from one address across all e-mails. */
export const AUTH_ATTEMPTS_PER_IP = 30;

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  tooManyAttempts: 'Please wait before trying again.',
  notConfirmed: 'Please check your email to verify your account.',
  invalidLink: 'This password reset link is invalid or has expired.',
  invalidVerifyLink: 'This link is invalid or has expired.',
  invalidCurrentPassword: 'Invalid current password',
  emailTaken: 'An account with this email already exists.',
} as const;

const TOKEN_HOURS = { email_verification: 24, password_reset: 1, email_change: 24 } as const;
type TokenPurpose = keyof typeof TOKEN_HOURS;

export interface RequestMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/** Spec: 5 attempts per e-mail and mode per 5 minutes; then the client address's own limit. */
async function limit(sql: Sql, email: string, mode: string, meta: RequestMeta): Promise<void> {
  const perEmail = await checkRateLimit(sql, email, `auth:${mode}`, AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES);
  if (!perEmail.allowed) {
    throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts, undefined, {
      retryAfterSeconds: perEmail.retryAfterSeconds,
    });
  }
  await limitIp(sql, meta);
}

async function limitIp(sql: Sql, meta: RequestMeta): Promise<void> {
  if (!meta.ip) return;
  const perIp = await checkRateLimit(sql, meta.ip, 'auth:ip', AUTH_ATTEMPTS_PER_IP, AUTH_WINDOW_MINUTES);
  if (!perIp.allowed) {
    throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts, undefined, {
      retryAfterSeconds: perIp.retryAfterSeconds,
    });
  }
}

/** After a password or address change, links mailed earlier (resets, changes) stop working. */
async function voidPendingTokens(tx: TransactionSql, userId: string): Promise<void> {
  await tx`
    update auth_tokens set used_at = now()
    where user_id = ${userId} and used_at is null and purpose in ('password_reset', 'email_change')`;
}

async function issueToken(
  sql: TransactionSql,
  userId: string,
  purpose: TokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const token = newToken();
  await sql`
    insert into auth_tokens (token_hash, user_id, purpose, new_email, expires_at)
    values (${hashToken(token)}, ${userId}, ${purpose}, ${newEmail},
            now() + make_interval(hours => ${TOKEN_HOURS[purpose]}))`;
  return token;
}

/** Uses a token once: the update only matches an unused, unexpired token of that purpose. */
async function consumeToken(
  sql: TransactionSql,
  token: string,
  purposes: TokenPurpose[],
): Promise<{ userId: string; purpose: TokenPurpose; newEmail: string | null } | null> {
  const [row] = await sql<{ user_id: string; purpose: TokenPurpose; new_email: string | null }[]>`
    update auth_tokens set used_at = now()
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
      and purpose in ${sql(purposes)}
    returning user_id, purpose, new_email`;
  return row ? { userId: row.user_id, purpose: row.purpose, newEmail: row.new_email } : null;
}

function verificationMail(to: string, token: string) {
  const link = `${siteUrl()}/auth/verify?token=${token}`;
  return {
    to,
    subject: 'Confirm your e-mail address',
    template: 'email_verification',
    text: `Welcome to Dayton Contractors!\n\nConfirm your e-mail address to finish creating your account:\n${link}\n\nThe link works once and expires in ${TOKEN_HOURS.email_verification} hours. If you did not sign up, ignore this e-mail.`,
  };
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both cases cost the same time. */
function timingHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-password-anyone-has-9!X');
  return dummyHash;
}

export async function signUp(sql: Sql, input: TSignUp, meta: RequestMeta = {}): Promise<void> {
  await limit(sql, input.email, 'signup', meta);
  const passwordHash = await hashPassword(input.password);
  const fullName = input.fullName || null;
  await sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      insert into users (email, password_hash, full_name) values (${input.email}, ${passwordHash}, ${fullName})
      on conflict (email) do nothing returning id`;
    if (!user) throw new AppError('CONFLICT', MESSAGES.accountExists);
    await tx`insert into profiles (id, email, full_name) values (${user.id}, ${input.email}, ${fullName})`;
    await enqueueMail(tx, verificationMail(input.email, await issueToken(tx, user.id, 'email_verification')));
  });
}

export async function signIn(
  sql: Sql,
  input: TSignIn,
  meta: RequestMeta = {},
): Promise<{ token: string; expiresAt: Date; userId: string }> {
  await limit(sql, input.email, 'signin', meta);
  const [user] = await sql<{ id: string; password_hash: string; email_confirmed_at: Date | null }[]>`
    select id, password_hash, email_confirmed_at from users where email = ${input.email}`;
  const ok = await verifyPassword(user?.password_hash ?? (await timingHash()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  if (!user.email_confirmed_at) {
    // Only someone who knows the password learns that the address is not confirmed yet.
    await sql.begin(async (tx) => {
      await enqueueMail(
        tx,
        verificationMail(input.email, await issueToken(tx, user.id, 'email_verification')),
      );
    });
    throw new AppError('FORBIDDEN', MESSAGES.notConfirmed);
  }
  const session = await createSession(sql, user.id, meta);
  return { ...session, userId: user.id };
}

/**
 * A link from a mail: confirms a new account's address (and signs that browser in), or makes a
 * requested e-mail change take effect. Each link works once.
 */
export async function confirmEmailToken(
  sql: Sql,
  token: string,
  meta: RequestMeta = {},
): Promise<{
  purpose: 'email_verification' | 'email_change';
  session: { token: string; expiresAt: Date } | null;
}> {
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
      await enqueueMail(tx, {
        to: old!.email,
        subject: 'Your e-mail address was changed',
        template: 'email_changed',
        text: `The e-mail address of your Dayton Contractors account is now ${newEmail}.\n\nIf you did not ask for this, contact support at once.`,
      });
      return { purpose: 'email_change' as const, session: null };
    }
    await tx`update users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${used.userId}`;
    const session = await createSession(tx as unknown as Sql, used.userId, meta);
    return { purpose: 'email_verification' as const, session };
  });
}

/** Always the same answer, whether or not the account exists. */
export async function requestPasswordReset(sql: Sql, email: string, meta: RequestMeta = {}): Promise<void> {
  await limit(sql, email, 'reset', meta);
  await sql.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
    if (!user) return;
    const token = await issueToken(tx, user.id, 'password_reset');
    await enqueueMail(tx, {
      to: email,
      subject: 'Reset your password',
      template: 'password_reset',
      text: `Someone asked to reset the password of your Dayton Contractors account.\n\nChoose a new password here:\n${siteUrl()}/reset-password?token=${token}\n\nThe link works once and expires in ${TOKEN_HOURS.password_reset} hour. If it was not you, ignore this e-mail: your password stays as it is.`,
    });
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
  await limitIp(sql, meta);
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

export async function changePassword(
  sql: Sql,
  user: { id: string; sessionId: string },
  input: TChangePassword,
): Promise<void> {
  const [row] = await sql<{ password_hash: string }[]>`select password_hash from users where id = ${user.id}`;
  if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidCurrentPassword, {
      currentPassword: [MESSAGES.invalidCurrentPassword],
    });
  }
  const passwordHash = await hashPassword(input.password);
  await sql.begin(async (tx) => {
    await tx`update users set password_hash = ${passwordHash} where id = ${user.id}`;
    await voidPendingTokens(tx, user.id);
  });
  await endOtherSessions(sql, user.id, user.sessionId);
}

export interface Profile extends TPreferences {
  id: string;
  email: string;
  fullName: string | null;
  pendingEmail: string | null;
}

/** The profile of a user, created from the account when missing (spec). */
export async function getProfile(sql: Sql, userId: string): Promise<Profile> {
  const read = () => sql<Profile[]>`
    select p.id, u.email, p.full_name as "fullName", p.email_notifications, p.lead_notifications,
           p.marketing_emails,
           (select t.new_email from auth_tokens t where t.user_id = u.id and t.purpose = 'email_change'
              and t.used_at is null and t.expires_at > now() order by t.created_at desc limit 1) as "pendingEmail"
    from profiles p join users u on u.id = p.id where p.id = ${userId}`;
  let [row] = await read();
  if (!row) {
    // Only the first read of an account without a profile writes.
    await sql`
      insert into profiles (id, email, full_name)
      select id, email, full_name from users where id = ${userId}
      on conflict (id) do nothing`;
    [row] = await read();
  }
  if (!row) throw new AppError('NOT_FOUND', 'Failed to load profile data.');
  return row;
}

/**
 * Saves the name; a different e-mail address only takes effect once the link mailed to it is
 * followed (spec). Returns whether a verification mail was sent.
 */
export async function updateProfile(
  sql: Sql,
  userId: string,
  input: TProfileUpdate,
): Promise<{ verificationSent: boolean }> {
  return sql.begin(async (tx) => {
    const [user] = await tx<{ email: string }[]>`select email from users where id = ${userId} for update`;
    if (!user) throw new AppError('NOT_FOUND', 'Failed to update profile.');
    const fullName = input.fullName || null;
    await tx`update users set full_name = ${fullName} where id = ${userId}`;
    await tx`
      insert into profiles (id, email, full_name) values (${userId}, ${user.email}, ${fullName})
      on conflict (id) do update set full_name = excluded.full_name`;
    if (input.email === user.email) return { verificationSent: false };
    // Each change mails an address the user typed: at most 5 an hour, so it cannot be a mail cannon.
    const limit = await checkRateLimit(tx as unknown as Sql, userId, 'email_change', 5, 60);
    if (!limit.allowed) throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
    const token = await issueToken(tx, userId, 'email_change', input.email);
    await enqueueMail(tx, {
      to: input.email,
      subject: 'Confirm your new e-mail address',
      template: 'email_change',
      text: `Confirm that ${input.email} is the new e-mail address of your Dayton Contractors account:\n${siteUrl()}/auth/verify?token=${token}\n\nUntil you do, ${user.email} stays your address. The link works once and expires in ${TOKEN_HOURS.email_change} hours.`,
    });
    return { verificationSent: true };
  });
}

export async function savePreferences(sql: Sql, userId: string, prefs: TPreferences): Promise<void> {
  // One statement: creates the profile when missing, or updates it.
  await sql`
    insert into profiles (id, email, full_name, email_notifications, lead_notifications, marketing_emails)
    select id, email, full_name, ${prefs.email_notifications}, ${prefs.lead_notifications}, ${prefs.marketing_emails}
    from users where id = ${userId}
    on conflict (id) do update set email_notifications = excluded.email_notifications,
      lead_notifications = excluded.lead_notifications, marketing_emails = excluded.marketing_emails`;
}

/** Spec: deletion is a request to support; it is recorded for them and nothing is deleted. */
export async function requestAccountDeletion(sql: Sql, userId: string): Promise<void> {
  await sql`
    insert into audit_log (actor_user_id, action, entity_type, entity_id)
    values (${userId}, 'account.deletion_requested', 'user', ${userId})`;
}

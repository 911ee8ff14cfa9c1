// Accounts against the real database: sign-up and verification, the atomic rate limit under
// concurrency, single-use reset tokens, sessions (deleted, expired, sliding), password and
// e-mail changes, profiles, and the mail outbox with its sender.
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSignUp } from '../../src/schemas/auth.ts';
import { changePassword } from '../../src/server/accounts/auth/change-password.ts';
import { confirmEmailToken } from '../../src/server/accounts/auth/confirm-email-token.ts';
import { getProfile } from '../../src/server/accounts/auth/get-profile.ts';
import { AUTH_ATTEMPTS } from '../../src/server/accounts/auth/limit-attempts.ts';
import {
  requestPasswordReset,
  resetPassword,
  resetTokenIsValid,
} from '../../src/server/accounts/auth/reset-password.ts';
import { savePreferences } from '../../src/server/accounts/auth/save-preferences.ts';
import { signIn } from '../../src/server/accounts/auth/sign-in.ts';
import { fullSession } from '../helpers/api-context.ts';
import { mailedToken } from '../helpers/mail-outbox.ts';
import { signUp } from '../../src/server/accounts/auth/sign-up.ts';
import { updateProfile } from '../../src/server/accounts/auth/update-profile.ts';
import { hashPassword, verifyPassword } from '../../src/server/accounts/auth/password.ts';
import { checkRateLimit } from '../../src/server/platform/security/rate-limit.ts';
import {
  createSession,
  deleteSession,
  endOtherSession,
  listSessions,
  validateSession,
} from '../../src/server/platform/security/sessions.ts';
import { hashToken } from '../../src/server/platform/security/tokens.ts';
import { purgeExpired } from '../../src/server/jobs/cleanup.ts';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { deliverPendingMail } from '../../src/server/platform/mail/sender.ts';
import { createUser } from '../factories/index.ts';
import { startSmtpStandIn } from '../helpers/smtp-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let n = 0;
const PASSWORD = 'Str0ng!Pass';

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
});

afterAll(async () => {
  await sql.end();
  await database.drop();
});

/** A session user who signed in just now (an e-mail change needs a recent password: issue 26). */
const justSignedIn = (user: { id: string }) => ({
  id: user.id,
  authenticatedAt: new Date(),
  secondFactor: { enrolled: false, proved: false, provedAt: null },
});

const freshEmail = () => `person-${Date.now()}-${(n += 1)}@example.com`;

async function confirmedUser(email = freshEmail(), password = PASSWORD) {
  const user = await createUser(sql, { email, passwordHash: await hashPassword(password) });
  return { ...user, password };
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe('sign-up and e-mail verification', () => {
  it('creates the user, the profile and the verification mail in one go', async () => {
    const email = freshEmail();
    await signUp(
      sql,
      ZSignUp.parse({ email: ` ${email.toUpperCase()} `, password: PASSWORD, fullName: 'Pat <b>Lee</b>' }),
    );
    const [user] = await sql<{ id: string; email_confirmed_at: Date | null; full_name: string }[]>`
      select id, email_confirmed_at, full_name from users where email = ${email}`;
    expect(user?.email_confirmed_at).toBeNull();
    expect(user?.full_name).toBe('Pat bLee/b');
    const [profile] = await sql`select email from profiles where id = ${user!.id}`;
    expect(profile?.['email']).toBe(email);
    expect(await mailedToken(sql, email, 'email_verification')).toHaveLength(43);
  });

  it("refuses a taken e-mail with the spec's message and writes nothing", async () => {
    const { email } = await confirmedUser();
    const [before] = await sql`select count(*)::int as n from mail_outbox`;
    await expect(signUp(sql, { email, password: PASSWORD })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists. Please sign in instead.',
    });
    const [after] = await sql`select count(*)::int as n from mail_outbox`;
    expect(after?.['n']).toBe(before?.['n']);
  });

  it('refuses sign-in until verified; the link signs in once and only once', async () => {
    const email = freshEmail();
    const browser = 'b'.repeat(43); // the signing-up browser's cookie value
    await signUp(sql, { email, password: PASSWORD }, {}, browser);
    const token = await mailedToken(sql, email, 'email_verification');
    // The sign-in mails another link (for no browser in particular); the first one still works.
    await expect(signIn(sql, { email, password: PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const first = await confirmEmailToken(sql, token, {}, browser);
    expect(first.purpose).toBe('email_verification');
    expect(await validateSession(sql, first.session!.token)).toMatchObject({ email });
    await expect(confirmEmailToken(sql, token)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(fullSession(await signIn(sql, { email, password: PASSWORD })).token).toHaveLength(43);
  });
});

describe('sign-in', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await confirmedUser();
    // Both at once, each with its handler from the start (an unhandled rejection otherwise).
    const outcomes = await Promise.allSettled([
      signIn(sql, { email, password: 'Wrong!Pass1' }),
      signIn(sql, { email: freshEmail(), password: 'Wrong!Pass1' }),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Invalid email or password. Please try again.',
      });
    }
  });

  it('20 concurrent wrong passwords for one e-mail: exactly 5 evaluated, the rest refused', async () => {
    const { email } = await confirmedUser();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => code(signIn(sql, { email, password: 'Wrong!Pass1' }))),
    );
    expect(outcomes.filter((o) => o === 'UNAUTHORIZED')).toHaveLength(AUTH_ATTEMPTS);
    expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(20 - AUTH_ATTEMPTS);
    // Even the right password is refused now, with the spec's message.
    await expect(signIn(sql, { email, password: PASSWORD })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Please wait before trying again.',
    });
  });

  it('counts per e-mail and mode, and opens again when the window has passed', async () => {
    const id = `limit-${freshEmail()}`;
    for (let i = 0; i < 5; i += 1)
      expect((await checkRateLimit(sql, id, 'auth:signin', 5, 5)).allowed).toBe(true);
    const refused = await checkRateLimit(sql, id, 'auth:signin', 5, 5);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(290);
    expect((await checkRateLimit(sql, id, 'auth:signup', 5, 5)).allowed).toBe(true);
    await sql`update rate_limits set window_start = now() - interval '6 minutes' where identifier = ${id}`;
    expect(await checkRateLimit(sql, id, 'auth:signin', 5, 5)).toMatchObject({
      allowed: true,
      remainingAttempts: 4,
    });
  });

  it('limits one address across many e-mails (credential stuffing), trusted devices included', async () => {
    const owner = await confirmedUser();
    const { device } = await signIn(sql, { email: owner.email, password: PASSWORD });
    const ip = `198.51.100.${(n += 1) % 250}`;
    const outcomes: string[] = [];
    for (let i = 0; i < 32; i += 1) {
      outcomes.push(await code(signIn(sql, { email: freshEmail(), password: 'Wrong!Pass1' }, { ip })));
    }
    expect(outcomes.filter((o) => o === 'UNAUTHORIZED')).toHaveLength(30);
    expect(outcomes.slice(30)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    await expect(
      signIn(sql, { email: owner.email, password: PASSWORD }, { ip, device: device.token }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('sign-in while someone else is failing (the owner is not locked out)', () => {
  /** A documentation address of its own for each test. */
  const address = () => `203.0.113.${(n += 1) % 250}`;

  /** Wrong passwords from the attacker's address until the e-mail's 5 attempts are used up. */
  async function lockedOut(email: string, attacker: string, alreadyCounted = 0) {
    for (let i = alreadyCounted; i < AUTH_ATTEMPTS; i += 1) {
      await expect(signIn(sql, { email, password: 'Wrong!Pass1' }, { ip: attacker })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    // The attacker's address, even with the right password now: the spec's limit.
    await expect(signIn(sql, { email, password: PASSWORD }, { ip: attacker })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Please wait before trying again.',
    });
  }

  it("an attacker's 5 failures from one address; the owner signs in from another", async () => {
    const owner = await confirmedUser();
    const attacker = address();
    await lockedOut(owner.email, attacker);
    const session = fullSession(
      await signIn(sql, { email: owner.email, password: PASSWORD }, { ip: address() }),
    );
    expect(await validateSession(sql, session.token)).toMatchObject({ id: owner.id });
    // An unknown client with no address to tell it apart is held to the e-mail's limit.
    await expect(signIn(sql, { email: owner.email, password: PASSWORD })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('a new address gets one try while the e-mail is locked, not a series', async () => {
    const owner = await confirmedUser();
    await lockedOut(owner.email, address());
    const other = address();
    await expect(
      signIn(sql, { email: owner.email, password: 'Wrong!Pass1' }, { ip: other }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      signIn(sql, { email: owner.email, password: PASSWORD }, { ip: other }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("the owner's device cookie signs in despite the e-mail being limited, from the attacker's address too", async () => {
    const owner = await confirmedUser();
    const first = await signIn(sql, { email: owner.email, password: PASSWORD }, { ip: address() });
    const attacker = address();
    await lockedOut(owner.email, attacker, 1);
    const second = fullSession(
      await signIn(
        sql,
        { email: owner.email, password: PASSWORD },
        { ip: attacker, device: first.device.token },
      ),
    );
    expect(await validateSession(sql, second.token)).toMatchObject({ id: owner.id });
    const third = await signIn(
      sql,
      { email: owner.email, password: PASSWORD },
      { device: second.device.token },
    );
    expect(third.userId).toBe(owner.id);
    // Each sign-in replaces the cookie: the token it replaced is no longer trusted.
    await expect(
      signIn(sql, { email: owner.email, password: PASSWORD }, { device: first.device.token }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const [stored] = await sql`select 1 from trusted_devices where token_hash = ${third.device.token}`;
    expect(stored).toBeUndefined(); // only its hash is kept
    const [hashed] =
      await sql`select user_id from trusted_devices where token_hash = ${hashToken(third.device.token)}`;
    expect(hashed?.['user_id']).toBe(owner.id);
  });

  it('a device cookie earned for another account does nothing for this one', async () => {
    const owner = await confirmedUser();
    const stranger = await confirmedUser();
    const { device } = await signIn(sql, { email: stranger.email, password: PASSWORD });
    await lockedOut(owner.email, address());
    await expect(
      signIn(sql, { email: owner.email, password: PASSWORD }, { device: device.token }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('a device that fails 5 times is limited itself, and its failures lock the e-mail', async () => {
    const owner = await confirmedUser();
    const { device } = await signIn(sql, { email: owner.email, password: PASSWORD });
    const ip = address();
    for (let i = 0; i < AUTH_ATTEMPTS; i += 1) {
      await expect(
        signIn(sql, { email: owner.email, password: 'Wrong!Pass1' }, { ip, device: device.token }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(
      signIn(sql, { email: owner.email, password: PASSWORD }, { ip, device: device.token }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED', message: 'Please wait before trying again.' });
    await expect(signIn(sql, { email: owner.email, password: PASSWORD })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // Once the window has passed, the device is trusted again.
    await sql`update rate_limits set window_start = now() - interval '6 minutes'
              where identifier in (${owner.email}, ${hashToken(device.token)})`;
    expect(
      (await signIn(sql, { email: owner.email, password: PASSWORD }, { device: device.token })).userId,
    ).toBe(owner.id);
  });
});

describe('sessions', () => {
  it('stores only the hash of the token; a deleted session is refused', async () => {
    const user = await confirmedUser();
    const { token } = await createSession(sql, user.id);
    const [row] = await sql`select id from sessions where id = ${hashToken(token)}`;
    expect(row).toBeDefined();
    const [plain] = await sql`select 1 from sessions where id = ${token}`;
    expect(plain).toBeUndefined();
    const session = await validateSession(sql, token);
    expect(session).toMatchObject({ id: user.id, roles: [] });
    await deleteSession(sql, session!.sessionId);
    expect(await validateSession(sql, token)).toBeNull();
  });

  it('refuses idle-expired and absolutely expired sessions, and malformed tokens', async () => {
    const user = await confirmedUser();
    const idle = await createSession(sql, user.id);
    await sql`update sessions set expires_at = now() - interval '1 second' where id = ${hashToken(idle.token)}`;
    expect(await validateSession(sql, idle.token)).toBeNull();
    const old = await createSession(sql, user.id);
    await sql`update sessions set absolute_expires_at = now() - interval '1 second',
              expires_at = now() - interval '2 seconds' where id = ${hashToken(old.token)}`;
    expect(await validateSession(sql, old.token)).toBeNull();
    expect(await validateSession(sql, "' or 1=1 --")).toBeNull();
  });

  it('slides the idle expiry on use, never past the absolute one', async () => {
    const user = await confirmedUser();
    const { token } = await createSession(sql, user.id);
    const id = hashToken(token);
    await sql`update sessions set last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 hour',
              absolute_expires_at = now() + interval '3 days' where id = ${id}`;
    const session = await validateSession(sql, token);
    const [row] = await sql<{ expires_at: Date; absolute_expires_at: Date }[]>`
      select expires_at, absolute_expires_at from sessions where id = ${id}`;
    expect(row!.expires_at.getTime()).toBe(row!.absolute_expires_at.getTime());
    expect(session!.expiresAt.getTime()).toBe(row!.expires_at.getTime());
  });

  it('lists the sessions of a user and ends another one by its handle, never the current one', async () => {
    const user = await confirmedUser();
    const mine = await validateSession(sql, (await createSession(sql, user.id, { userAgent: 'A' })).token);
    const otherToken = (await createSession(sql, user.id, { userAgent: 'B' })).token;
    const list = await listSessions(sql, user.id, mine!.sessionId);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current)!;
    expect(await endOtherSession(sql, user.id, mine!.sessionId, current.id)).toBe(false);
    const stranger = await confirmedUser();
    expect(await endOtherSession(sql, stranger.id, stranger.id, other.id)).toBe(false);
    expect(await endOtherSession(sql, user.id, mine!.sessionId, other.id)).toBe(true);
    expect(await validateSession(sql, otherToken)).toBeNull();
    expect(await validateSession(sql, (await createSession(sql, user.id)).token)).not.toBeNull();
  });
});

describe('password reset', () => {
  it('says the same for unknown addresses and mails nothing to them', async () => {
    const email = freshEmail();
    await requestPasswordReset(sql, email);
    const [mail] = await sql`select 1 from mail_outbox where to_address = ${email}`;
    expect(mail).toBeUndefined();
  });

  it('a reset token works once; it ends every session and signs the resetting browser in', async () => {
    const user = await confirmedUser();
    const before = await createSession(sql, user.id);
    await requestPasswordReset(sql, user.email);
    const token = await mailedToken(sql, user.email, 'password_reset');
    expect(await resetTokenIsValid(sql, token)).toBe(true);
    expect(await resetTokenIsValid(sql, token)).toBe(true); // looking does not use it
    const session = await resetPassword(sql, {
      token,
      password: 'N3w!Passw0rd-Kettle',
      confirmPassword: 'N3w!Passw0rd-Kettle',
    });
    if (!session.signedIn) throw new Error('An account without a second factor is signed in by its reset');
    expect(await validateSession(sql, before.token)).toBeNull();
    expect(await validateSession(sql, session.token)).not.toBeNull();
    expect(await resetTokenIsValid(sql, token)).toBe(false);
    await expect(
      resetPassword(sql, { token, password: 'Other!Pass1', confirmPassword: 'Other!Pass1' }),
    ).rejects.toMatchObject({ message: 'This password reset link is invalid or has expired.' });
    expect(
      fullSession(await signIn(sql, { email: user.email, password: 'N3w!Passw0rd-Kettle' })).token,
    ).toHaveLength(43);
  });

  it('an expired reset token is invalid', async () => {
    const user = await confirmedUser();
    await requestPasswordReset(sql, user.email);
    const token = await mailedToken(sql, user.email, 'password_reset');
    await sql`update auth_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`;
    expect(await resetTokenIsValid(sql, token)).toBe(false);
    await expect(
      resetPassword(sql, { token, password: 'N3w!Passw0rd-Kettle', confirmPassword: 'N3w!Passw0rd-Kettle' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('account settings', () => {
  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await confirmedUser();
    const current = await validateSession(sql, (await createSession(sql, user.id)).token);
    const other = await createSession(sql, user.id);
    await expect(
      changePassword(sql, current!, {
        currentPassword: 'nope',
        password: 'N3w!Passw0rd-Kettle',
        confirmPassword: 'N3w!Passw0rd-Kettle',
      }),
    ).rejects.toMatchObject({ message: 'Invalid current password' });
    expect(await validateSession(sql, other.token)).not.toBeNull();
    await changePassword(sql, current!, {
      currentPassword: PASSWORD,
      password: 'N3w!Passw0rd-Kettle',
      confirmPassword: 'N3w!Passw0rd-Kettle',
    });
    expect(await validateSession(sql, other.token)).toBeNull();
    expect(await validateSession(sql, current!.sessionId)).toBeNull(); // ids are not tokens
    const [still] = await sql`select 1 from sessions where id = ${current!.sessionId}`;
    expect(still).toBeDefined();
  });

  it('refuses the 6th current-password check in 5 minutes with 429, before verifying it', async () => {
    const user = await confirmedUser();
    const current = (await validateSession(sql, (await createSession(sql, user.id)).token))!;
    const change = (currentPassword: string) =>
      changePassword(sql, current, {
        currentPassword,
        password: 'N3w!Passw0rd-Kettle',
        confirmPassword: 'N3w!Passw0rd-Kettle',
      });
    for (let i = 0; i < AUTH_ATTEMPTS; i += 1) {
      await expect(change('Wrong!Pass1')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    // Even the right password is refused in the window: it is not checked at all.
    await expect(change(PASSWORD)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Please wait before trying again.',
    });
    const [row] = await sql<
      { password_hash: string }[]
    >`select password_hash from users where id = ${user.id}`;
    expect(await verifyPassword(row!.password_hash, PASSWORD)).toBe(true);
    // The window passed, the right password changes it.
    await sql`update rate_limits set window_start = now() - interval '6 minutes'
              where identifier = ${user.id} and action = 'account:password'`;
    await change(PASSWORD);
  });

  it('creates a missing profile from the account', async () => {
    const user = await confirmedUser();
    await sql`delete from profiles where id = ${user.id}`;
    const profile = await getProfile(sql, user.id);
    expect(profile).toMatchObject({
      email: user.email,
      email_notifications: true,
      lead_notifications: true,
      marketing_emails: false,
    });
    await savePreferences(sql, user.id, {
      email_notifications: false,
      lead_notifications: true,
      marketing_emails: true,
    });
    expect(await getProfile(sql, user.id)).toMatchObject({
      email_notifications: false,
      marketing_emails: true,
    });
  });

  it('changes the e-mail only when different, and only once the new address confirms', async () => {
    const user = await confirmedUser();
    expect(await updateProfile(sql, justSignedIn(user), { fullName: 'New Name', email: user.email })).toEqual(
      {
        verificationSent: false,
      },
    );
    const newEmail = freshEmail();
    expect(await updateProfile(sql, justSignedIn(user), { fullName: 'New Name', email: newEmail })).toEqual({
      verificationSent: true,
    });
    expect(await getProfile(sql, user.id)).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
      fullName: 'New Name',
    });
    const result = await confirmEmailToken(sql, await mailedToken(sql, newEmail, 'email_change'));
    expect(result).toEqual({ purpose: 'email_change', session: null, keptSession: false });
    expect(await getProfile(sql, user.id)).toMatchObject({ email: newEmail, pendingEmail: null });
    const [notice] =
      await sql`select 1 from mail_outbox where to_address = ${user.email} and template = 'email_changed'`;
    expect(notice).toBeDefined();
    expect(fullSession(await signIn(sql, { email: newEmail, password: PASSWORD })).token).toHaveLength(43);
  });

  it('mails at most 5 e-mail change links an hour', async () => {
    const user = await confirmedUser();
    for (let i = 0; i < 5; i += 1)
      await updateProfile(sql, justSignedIn(user), { fullName: 'A', email: freshEmail() });
    await expect(
      updateProfile(sql, justSignedIn(user), { fullName: 'A', email: freshEmail() }),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // The name alone still saves.
    expect(await updateProfile(sql, justSignedIn(user), { fullName: 'B', email: user.email })).toEqual({
      verificationSent: false,
    });
  });

  it('refuses an e-mail change to an address another account took meanwhile', async () => {
    const user = await confirmedUser();
    const wanted = freshEmail();
    await updateProfile(sql, justSignedIn(user), { fullName: 'A', email: wanted });
    await confirmedUser(wanted);
    await expect(
      confirmEmailToken(sql, await mailedToken(sql, wanted, 'email_change')),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await getProfile(sql, user.id)).email).toBe(user.email);
  });
});

describe('the mail outbox sender', () => {
  it('marks mail captured when no transport is configured', async () => {
    const email = freshEmail();
    await signUp(sql, { email, password: PASSWORD });
    while ((await deliverPendingMail(sql, { transport: null })) > 0);
    const [row] = await sql`select status, sent_at from mail_outbox where to_address = ${email}`;
    expect(row).toMatchObject({ status: 'captured' });
  });

  it('sends through SMTP with nodemailer, and retries later when the relay refuses', async () => {
    const smtp = await startSmtpStandIn();
    const transport = createTransport(smtp.url);
    try {
      while ((await deliverPendingMail(sql, { transport: null })) > 0);
      const email = freshEmail();
      await requestPasswordReset(sql, (await confirmedUser(email)).email);
      smtp.refuseWith = '550 Mailbox unavailable';
      expect(await deliverPendingMail(sql, { transport })).toBe(1);
      const [failed] = await sql<{ status: string; attempts: number; last_error: string }[]>`
        select status, attempts, last_error from mail_outbox where to_address = ${email}`;
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed!.last_error).toMatch(/550/);
      expect(await deliverPendingMail(sql, { transport })).toBe(0); // not due yet
      smtp.refuseWith = null;
      await sql`update mail_outbox set send_after = now() where to_address = ${email}`;
      expect(await deliverPendingMail(sql, { transport })).toBe(1);
      const [sent] = await sql`select status from mail_outbox where to_address = ${email}`;
      expect(sent?.['status']).toBe('sent');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([email]);
      expect(smtp.received[0]!.data).toMatch(/Subject: Reset your password/);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe('the mail outbox after a sender died', () => {
  it("claims a mail left 'sending' again after five minutes, not before", async () => {
    while ((await deliverPendingMail(sql, { transport: null })) > 0);
    const email = freshEmail();
    await requestPasswordReset(sql, (await confirmedUser(email)).email);
    await sql`update mail_outbox set status = 'sending', claimed_at = now() - interval '1 minute' where to_address = ${email}`;
    expect(await deliverPendingMail(sql, { transport: null })).toBe(0);
    await sql`update mail_outbox set claimed_at = now() - interval '6 minutes' where to_address = ${email}`;
    expect(await deliverPendingMail(sql, { transport: null })).toBe(1);
    const [row] = await sql`select status from mail_outbox where to_address = ${email}`;
    expect(row?.['status']).toBe('captured');
  });
});

describe('housekeeping', () => {
  it('purges expired sessions, spent tokens, old rate-limit windows and expired devices, and nothing live', async () => {
    const user = await confirmedUser();
    const live = await createSession(sql, user.id);
    const dead = await createSession(sql, user.id);
    await sql`update sessions set expires_at = now() - interval '1 second' where id = ${hashToken(dead.token)}`;
    await requestPasswordReset(sql, user.email);
    const token = await mailedToken(sql, user.email, 'password_reset');
    await sql`update auth_tokens set used_at = now() - interval '2 days' where token_hash = ${hashToken(token)}`;
    await checkRateLimit(sql, `old-${user.email}`, 'auth:signin', 5, 5);
    await sql`update rate_limits set window_start = now() - interval '2 days' where identifier = ${`old-${user.email}`}`;
    const { device: kept } = await signIn(sql, { email: user.email, password: PASSWORD });
    const { device: old } = await signIn(sql, { email: (await confirmedUser()).email, password: PASSWORD });
    await sql`update trusted_devices set created_at = now() - interval '2 years', expires_at = now() - interval '1 second'
              where token_hash = ${hashToken(old.token)}`;
    const purged = await purgeExpired(sql);
    expect(purged.devices).toBeGreaterThanOrEqual(1);
    const devices = await sql<{ token_hash: string }[]>`select token_hash from trusted_devices
                              where token_hash in (${hashToken(kept.token)}, ${hashToken(old.token)})`;
    expect(devices.map((d) => d.token_hash)).toEqual([hashToken(kept.token)]);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.tokens).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await validateSession(sql, live.token)).not.toBeNull();
    const [gone] = await sql`select 1 from sessions where id = ${hashToken(dead.token)}`;
    expect(gone).toBeUndefined();
  });
});

// The ways around issue 26's controls that the review of the merged change found, each closed,
// against the real database: a password reset opened a session without the second factor; a
// session that never proved the factor changed the password or the e-mail with the password
// alone; an attacker's later e-mail change voided the owner's undo link when undone; a sign-up
// squatting the freed old address blocked the undo; after an undo the attacker's password still
// signed in; half-done sign-ins outlived a reset, an undo and a password change.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SECOND_FACTOR_CHECK_FOR_CHANGE } from '../../src/domain/guards.ts';
import { issueToken } from '../../src/server/accounts/auth/account-tokens.ts';
import {
  confirmEmailToken,
  verificationNeedsPassword,
} from '../../src/server/accounts/auth/confirm-email-token.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import { requestPasswordReset, resetPassword } from '../../src/server/accounts/auth/reset-password.ts';
import { startPendingSignIn } from '../../src/server/accounts/auth/second-factor/pending-sign-in.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { signIn } from '../../src/server/accounts/auth/sign-in.ts';
import { signUp } from '../../src/server/accounts/auth/sign-up.ts';
import { undoEmailChange } from '../../src/server/accounts/auth/undo-email-change.ts';
import { createUser } from '../factories/index.ts';
import { apiContext, enrolTotp } from '../helpers/api-context.ts';
import { mailedToken } from '../helpers/mail-outbox.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const PASSWORD = 'Str0ng!Pass';
const NEW_PASSWORD = 'Quiet-Harbor-Lamp-73!';
let passwordHash: string;
let n = 0;
const freshEmail = () => `takeover-${Date.now()}-${(n += 1)}@example.com`;

type Endpoint = Partial<Record<'POST' | 'PUT', APIRoute>>;
const endpoints: Record<string, Endpoint> = {};

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  endpoints['profile'] = await import('../../src/pages/api/account/profile.ts');
  endpoints['password'] = await import('../../src/pages/api/account/password.ts');
});

async function call(name: string, method: 'POST' | 'PUT', user: SessionUser, body: unknown) {
  const response = await endpoints[name]![method]!(
    apiContext({ method, path: `/api/x/${name}`, user, body }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An account with the password, and a session of it that proved its factor when `proved`. */
async function account(options: { factor: boolean; proved: boolean }) {
  const user = await createUser(sql, { email: freshEmail(), passwordHash });
  if (options.factor) await enrolTotp(sql, user.id);
  const { token } = await createSession(sql, user.id, {}, { secondFactor: options.proved });
  return { ...user, token, session: async () => (await validateSession(sql, token))! };
}

const row = async (id: string) =>
  (
    await sql<{ email: string; password_hash: string }[]>`
      select email, password_hash from users where id = ${id}`
  )[0]!;
const count = async (table: 'sessions' | 'pending_sign_ins', userId: string) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from ${sql(table)} where user_id = ${userId}`)[0]!.n;

/** Moves the account to a new address from its session, confirmed by the link mailed there. */
async function changeEmail(session: SessionUser): Promise<string> {
  const to = freshEmail();
  expect((await call('profile', 'PUT', session, { fullName: 'A', email: to })).status).toBe(200);
  await confirmEmailToken(sql, await mailedToken(sql, to, 'email_change'), {}, null, session);
  return to;
}

describe('a password reset of an account with a second factor', () => {
  it('sets the password and ends every session and half-done sign-in, but signs nobody in', async () => {
    const person = await account({ factor: true, proved: true });
    await startPendingSignIn(sql, person.id);
    await requestPasswordReset(sql, person.email);
    const outcome = await resetPassword(sql, {
      token: await mailedToken(sql, person.email, 'password_reset'),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(outcome).toEqual({ signedIn: false });
    expect(await count('sessions', person.id)).toBe(0);
    expect(await count('pending_sign_ins', person.id)).toBe(0);
    // The new password leads to the second step, not to a session.
    const next = await signIn(sql, { email: person.email, password: NEW_PASSWORD });
    expect(next.kind).toBe('second-factor');
    expect(await count('sessions', person.id)).toBe(0);
  });
});

describe('a session that never proved the account’s second factor', () => {
  it('changes neither the e-mail nor the password, even with the password, and changes nothing', async () => {
    const person = await account({ factor: true, proved: false });
    const before = await row(person.id);
    const session = await person.session();
    expect(session.secondFactor).toMatchObject({ enrolled: true, proved: false });

    const to = freshEmail();
    const email = await call('profile', 'PUT', session, { fullName: 'Taken Over', email: to });
    expect(email).toEqual({
      status: 403,
      body: { error: SECOND_FACTOR_CHECK_FOR_CHANGE, code: 'SECOND_FACTOR_REQUIRED' },
    });
    expect(await sql`select 1 from mail_outbox where to_address = ${to}`).toHaveLength(0);

    const password = await call('password', 'POST', session, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(password).toEqual({
      status: 403,
      body: { error: SECOND_FACTOR_CHECK_FOR_CHANGE, code: 'SECOND_FACTOR_REQUIRED' },
    });
    expect(await row(person.id)).toEqual(before);
    expect((await sql`select full_name from users where id = ${person.id}`)[0]!['full_name']).not.toBe(
      'Taken Over',
    );
  });

  it('goes through once the session proved the factor', async () => {
    const person = await account({ factor: true, proved: true });
    const answer = await call('password', 'POST', await person.session(), {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
  });

  it('a password change ends the account’s half-done sign-ins', async () => {
    const person = await account({ factor: false, proved: false });
    await startPendingSignIn(sql, person.id);
    const answer = await call('password', 'POST', await person.session(), {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(await count('pending_sign_ins', person.id)).toBe(0);
  });
});

describe('the undo link of an e-mail change, against an attacker who holds a session', () => {
  it('survives the attacker undoing a later change of their own: the owner still gets the account back', async () => {
    const person = await account({ factor: false, proved: false });
    const owners = person.email;
    const attackers = await changeEmail(await person.session());
    await changeEmail(await person.session());
    // The attacker undoes the second change (its link went to their address): the account is at
    // their address again, and the owner's link must still work.
    await undoEmailChange(sql, await mailedToken(sql, attackers, 'email_changed'));
    expect((await row(person.id)).email).toBe(attackers);
    const back = await undoEmailChange(sql, await mailedToken(sql, owners, 'email_changed'));
    expect(back.email).toBe(owners);
    expect((await row(person.id)).email).toBe(owners);
  });

  it('is not blocked by an unconfirmed sign-up at the freed old address, which gives way', async () => {
    const person = await account({ factor: false, proved: false });
    const owners = person.email;
    await changeEmail(await person.session());
    await signUp(sql, { email: owners, password: 'Squat-Tiger-Plank-58!' });
    const [squatter] = await sql<{ id: string }[]>`select id from users where email = ${owners}`;
    expect(squatter).toBeDefined();
    const back = await undoEmailChange(sql, await mailedToken(sql, owners, 'email_changed'));
    expect(back).toMatchObject({ userId: person.id, email: owners });
    expect(await sql`select 1 from users where id = ${squatter!.id}`).toHaveLength(0);
  });

  it('leaves no password that signs in, and no half-done sign-in; the reset link it gives sets one', async () => {
    const person = await account({ factor: false, proved: false });
    const owners = person.email;
    await changeEmail(await person.session());
    await startPendingSignIn(sql, person.id);
    const undone = await undoEmailChange(sql, await mailedToken(sql, owners, 'email_changed'));
    expect(await count('pending_sign_ins', person.id)).toBe(0);
    await expect(signIn(sql, { email: owners, password: PASSWORD })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const reset = await resetPassword(sql, {
      token: undone.resetToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.signedIn).toBe(true);
    expect((await signIn(sql, { email: owners, password: NEW_PASSWORD })).kind).toBe('session');
  });
});

describe('a verification link of an account confirmed already', () => {
  it('opens no session with the password, and asks for none', async () => {
    const person = await account({ factor: true, proved: true });
    // A second link mailed before the address was confirmed (a sign-in before verifying mails one).
    const stale = await sql.begin((tx) => issueToken(tx, person.id, 'email_verification'));
    expect(await verificationNeedsPassword(sql, stale, null)).toBe(false);
    const answer = await confirmEmailToken(sql, stale, {}, null, null, PASSWORD);
    expect(answer).toMatchObject({ purpose: 'email_verification', session: null });
    expect(await count('sessions', person.id)).toBe(1);
    // Used up: it does not work a second time either.
    await expect(confirmEmailToken(sql, stale, {}, null, null, PASSWORD)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('the first link used voids the account’s other verification links', async () => {
    const email = freshEmail();
    await signUp(sql, { email, password: PASSWORD });
    const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
    const other = await sql.begin((tx) => issueToken(tx, user!.id, 'email_verification'));
    const first = await confirmEmailToken(
      sql,
      await mailedToken(sql, email, 'email_verification'),
      {},
      null,
      null,
      PASSWORD,
    );
    expect(first).toMatchObject({ purpose: 'email_verification', session: null });
    expect(
      (await sql`select email_confirmed_at from users where id = ${user!.id}`)[0]!['email_confirmed_at'],
    ).not.toBeNull();
    await expect(confirmEmailToken(sql, other, {}, null, null, PASSWORD)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

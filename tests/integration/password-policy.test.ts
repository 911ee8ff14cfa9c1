// Issue 26 through the endpoints, against the real database: one password policy on every path
// that sets a password (sign-up, contractor registration, reset, change), each refusing a weak
// password with the policy's message and changing nothing; and no account pre-hijacking (a
// sign-up replaces an unverified account, and the verification link signs in only the browser
// that signed up).
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  confirmEmailToken,
  verificationNeedsPassword,
} from '../../src/server/accounts/auth/confirm-email-token.ts';
import { hashPassword, verifyPassword } from '../../src/server/accounts/auth/password.ts';
import { requestPasswordReset } from '../../src/server/accounts/auth/reset-password.ts';
import { createSession, validateSession } from '../../src/server/platform/security/sessions.ts';
import { signIn } from '../../src/server/accounts/auth/sign-in.ts';
import { newToken } from '../../src/server/platform/security/tokens.ts';
import { PASSWORD_HAS_EMAIL_NAME, PASSWORD_RULES, PASSWORD_TOO_EASY } from '../../src/schemas/auth.ts';
import { createUser } from '../factories/index.ts';
import { apiContext, cookiesSet, fullSession } from '../helpers/api-context.ts';
import { mailedToken } from '../helpers/mail-outbox.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
let n = 0;
const routes: Record<'signUp' | 'register' | 'reset' | 'change', APIRoute> = {} as never;

beforeAll(async () => {
  routes.signUp = (await import('../../src/pages/api/auth/sign-up.ts')).POST;
  routes.register = (await import('../../src/pages/api/contractor-signup/index.ts')).POST;
  routes.reset = (await import('../../src/pages/api/auth/reset-password.ts')).POST;
  routes.change = (await import('../../src/pages/api/account/password.ts')).POST;
});

const STRONG = 'Kettle-Orbit-Walnut-7';
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;
const freshEmail = () => `pw-${unique()}@example.com`;

/** Calls a route from a client address of its own, with the cookies given; its answer and cookies set. */
async function call(
  route: APIRoute,
  path: string,
  body: unknown,
  options: { user?: Parameters<typeof apiContext>[0]['user']; cookies?: Record<string, string> } = {},
) {
  const context = apiContext({
    method: 'POST',
    path,
    body,
    user: options.user ?? null,
    cookies: options.cookies ?? {},
    clientAddress: `198.51.100.${(n += 1) % 250}`,
  });
  const response = await route(context);
  return {
    status: response.status,
    body: (await response.json()) as { error?: string; fields?: Record<string, string[]> },
    cookies: cookiesSet(context),
  };
}

const registration = (email: string, password: string, ownerName = 'Pat Owner') => ({
  businessName: `Kettering Roofing ${unique()}`,
  ownerName,
  email,
  phone: '(937) 222-1234',
  password,
  services: ['plumbing'],
  serviceZipCodes: '45402',
  address: '100 Main St',
});

const countRows = async (email: string) => {
  const [row] = await sql<{ users: number; mails: number }[]>`
    select (select count(*)::int from users where email = ${email}) as users,
           (select count(*)::int from mail_outbox where to_address = ${email}) as mails`;
  return row!;
};

const WEAK: [string, (email: string) => string, string][] = [
  ['six letters', () => 'aaaaaa', PASSWORD_RULES[0].message],
  ['a well-known password', () => 'Password123!', PASSWORD_TOO_EASY],
  ['the e-mail name', (email) => `${email.split('@')[0]}-Kettle-7!`, PASSWORD_HAS_EMAIL_NAME],
];

describe('every path refuses a weak password and changes nothing', () => {
  it.each(WEAK)('sign-up: %s', async (_case, password, message) => {
    const email = freshEmail();
    const answer = await call(routes.signUp, '/api/auth/sign-up', { email, password: password(email) });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.['password']?.[0]).toBe(message);
    expect(await countRows(email)).toEqual({ users: 0, mails: 0 });
  });

  it.each(WEAK)('contractor registration: %s', async (_case, password, message) => {
    const email = freshEmail();
    const answer = await call(
      routes.register,
      '/api/contractor-signup',
      registration(email, password(email)),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.['password']?.[0]).toBe(message);
    expect(await countRows(email)).toEqual({ users: 0, mails: 0 });
  });

  it.each(WEAK)('reset: %s', async (_case, password, message) => {
    const user = await createUser(sql, { email: freshEmail(), passwordHash: await hashPassword(STRONG) });
    const before = await createSession(sql, user.id);
    await requestPasswordReset(sql, user.email);
    const token = await mailedToken(sql, user.email, 'password_reset');
    const weak = password(user.email);
    const answer = await call(routes.reset, '/api/auth/reset-password', {
      token,
      password: weak,
      confirmPassword: weak,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.['password']?.[0]).toBe(message);
    const [row] = await sql<
      { password_hash: string }[]
    >`select password_hash from users where id = ${user.id}`;
    expect(await verifyPassword(row!.password_hash, STRONG)).toBe(true);
    expect(await validateSession(sql, before.token)).not.toBeNull();
    // The link still works for a strong password.
    const good = await call(routes.reset, '/api/auth/reset-password', {
      token,
      password: 'Porch-Lantern-47!',
      confirmPassword: 'Porch-Lantern-47!',
    });
    expect(good.status).toBe(200);
  });

  it.each(WEAK)('change: %s', async (_case, password, message) => {
    const row = await createUser(sql, { email: freshEmail(), passwordHash: await hashPassword(STRONG) });
    const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
    const other = await createSession(sql, row.id);
    const weak = password(row.email);
    const answer = await call(
      routes.change,
      '/api/account/password',
      { currentPassword: STRONG, password: weak, confirmPassword: weak },
      { user },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.['password']?.[0]).toBe(message);
    const [after] = await sql<
      { password_hash: string }[]
    >`select password_hash from users where id = ${row.id}`;
    expect(await verifyPassword(after!.password_hash, STRONG)).toBe(true);
    expect(await validateSession(sql, other.token)).not.toBeNull();
  });
});

describe('no account pre-hijacking', () => {
  const ATTACKER = 'Attacker-Chose-This-9!';
  const VICTIM = 'Victims-Own-Lantern-4!';

  it("the victim's sign-up replaces the attacker's unverified one: the victim's password works, the attacker's does not", async () => {
    const email = freshEmail();
    const attacker = await call(routes.signUp, '/api/auth/sign-up', {
      email,
      password: ATTACKER,
      fullName: 'Mallory',
    });
    expect(attacker.status).toBe(201);
    const attackerLink = await mailedToken(sql, email, 'email_verification');
    const [first] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
    const stale = await createSession(sql, first!.id);

    const victim = await call(routes.signUp, '/api/auth/sign-up', {
      email,
      password: VICTIM,
      fullName: 'Vera Victim',
    });
    expect(victim.status).toBe(201);
    const [account] = await sql<
      { id: string; full_name: string }[]
    >`select id, full_name from users where email = ${email}`;
    expect(account!.full_name).toBe('Vera Victim');
    // The pending account's sessions and links are gone with it.
    expect(await validateSession(sql, stale.token)).toBeNull();
    await expect(confirmEmailToken(sql, attackerLink)).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const confirmed = await confirmEmailToken(
      sql,
      await mailedToken(sql, email, 'email_verification'),
      {},
      victim.cookies['signup'] ?? null,
    );
    expect(confirmed.session).not.toBeNull();
    expect(fullSession(await signIn(sql, { email, password: VICTIM })).token).toHaveLength(43);
    await expect(signIn(sql, { email, password: ATTACKER })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("a contractor registration replaces an unverified account, and the attacker's pending business goes", async () => {
    const email = freshEmail();
    const attacker = await call(
      routes.register,
      '/api/contractor-signup',
      registration(email, ATTACKER, 'Mallory'),
    );
    expect(attacker.status).toBe(201);
    const victim = await call(
      routes.register,
      '/api/contractor-signup',
      registration(email, VICTIM, 'Vera Victim'),
    );
    expect(victim.status).toBe(201);
    const businesses = await sql<{ name: string }[]>`
      select b.name from businesses b join users u on u.id = b.owner_id where u.email = ${email}`;
    expect(businesses).toHaveLength(1);
    const [account] = await sql<{ full_name: string }[]>`select full_name from users where email = ${email}`;
    expect(account!.full_name).toBe('Vera Victim');
    await confirmEmailToken(sql, await mailedToken(sql, email, 'email_verification'), {}, null, null, VICTIM);
    expect(fullSession(await signIn(sql, { email, password: VICTIM })).token).toHaveLength(43);
    await expect(signIn(sql, { email, password: ATTACKER })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("a verified account's address is answered as before: 'Account Exists', nothing replaced", async () => {
    const user = await createUser(sql, { email: freshEmail(), passwordHash: await hashPassword(STRONG) });
    const answer = await call(routes.signUp, '/api/auth/sign-up', { email: user.email, password: ATTACKER });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('An account with this email already exists. Please sign in instead.');
    const [row] = await sql<{ id: string; password_hash: string }[]>`
      select id, password_hash from users where email = ${user.email}`;
    expect(row!.id).toBe(user.id);
    expect(await verifyPassword(row!.password_hash, STRONG)).toBe(true);
  });

  it('another browser confirms only with the password (and is not signed in): without it, or with a wrong one, the link stays unused', async () => {
    const email = freshEmail();
    const signedUp = await call(routes.signUp, '/api/auth/sign-up', { email, password: VICTIM });
    const browser = signedUp.cookies['signup'];
    expect(browser).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = await mailedToken(sql, email, 'email_verification');
    const confirmed = async () =>
      (
        await sql<{ confirmed: boolean }[]>`
          select email_confirmed_at is not null as confirmed from users where email = ${email}`
      )[0]!.confirmed;
    // The holder of the mailbox alone (the victim of a pre-hijack, who never chose this password).
    expect(await verificationNeedsPassword(sql, link, null)).toBe(true);
    await expect(confirmEmailToken(sql, link, {}, null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { password: ['Please enter the password you chose when you signed up.'] },
    });
    await expect(confirmEmailToken(sql, link, {}, null, null, ATTACKER)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { password: ['That password is not right. Please try again.'] },
    });
    expect(await confirmed()).toBe(false);
    expect(
      await sql`select 1 from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
    ).toHaveLength(0);
    // Another browser with a signup cookie of its own (another sign-up) is no different.
    await expect(confirmEmailToken(sql, link, {}, newToken())).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });

    // The account's password: confirmed; this browser is sent to sign in, not signed in.
    const elsewhere = await confirmEmailToken(sql, link, {}, null, null, VICTIM);
    expect(await confirmed()).toBe(true);
    expect(elsewhere.session).toBeNull();
    expect(
      await sql`select 1 from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
    ).toHaveLength(0);
  });

  it('password tries on a verification link count like sign-in: the 6th in 5 minutes is refused before checking', async () => {
    const email = freshEmail();
    await call(routes.signUp, '/api/auth/sign-up', { email, password: VICTIM });
    const link = await mailedToken(sql, email, 'email_verification');
    for (let i = 0; i < 5; i += 1) {
      await expect(confirmEmailToken(sql, link, {}, null, null, `Wrong-Guess-${i}!x`)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    await expect(confirmEmailToken(sql, link, {}, null, null, VICTIM)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('the browser that signed up confirms without the password, and is signed in', async () => {
    const email = freshEmail();
    const signedUp = await call(routes.signUp, '/api/auth/sign-up', { email, password: VICTIM });
    const browser = signedUp.cookies['signup']!;
    const link = await mailedToken(sql, email, 'email_verification');
    expect(await verificationNeedsPassword(sql, link, browser)).toBe(false);
    const here = await confirmEmailToken(sql, link, {}, browser);
    expect(await validateSession(sql, here.session!.token)).toMatchObject({ email });
  });
});

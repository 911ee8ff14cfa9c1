// Issue 26, Must 2 against the real database: an admin's session ends after 12 hours or 30 minutes
// idle (by the roles the user has when it is looked up); sensitive changes (an e-mail change, a
// role grant) need the password proven within 5 minutes, renewed by POST /api/account/reauth
// (limited like sign-in); a password change's current password is its own proof; an e-mail change
// ends the other sessions and mails the old address an undo link, which restores the address, ends
// every session, works once, for 7 days, and refuses a forged token. Sessions are aged with SQL.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REAUTH_MINUTES } from '../../src/domain/session-rules.ts';
import { changePassword } from '../../src/server/accounts/auth/change-password.ts';
import { purgeExpired } from '../../src/server/jobs/cleanup.ts';
import { confirmEmailToken } from '../../src/server/accounts/auth/confirm-email-token.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import {
  markReauthenticated,
  requireRecentAuthentication,
} from '../../src/server/accounts/auth/recent-authentication.ts';
import { resetTokenIsValid } from '../../src/server/accounts/auth/reset-password.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { hashToken, newToken } from '../../src/server/platform/security/tokens.ts';
import { undoEmailChange } from '../../src/server/accounts/auth/undo-email-change.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { createUser } from '../factories/index.ts';
import { apiContext, enrolTotp } from '../helpers/api-context.ts';
import { mailedToken } from '../helpers/mail-outbox.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
const PASSWORD = 'Str0ng!Pass';
let passwordHash: string;
let n = 0;
const freshEmail = () => `s26-${Date.now()}-${(n += 1)}@example.com`;

type Endpoint = Partial<Record<'POST' | 'PUT', APIRoute>>;
const endpoints: Record<string, Endpoint> = {};

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  endpoints['reauth'] = await import('../../src/pages/api/account/reauth.ts');
  endpoints['profile'] = await import('../../src/pages/api/account/profile.ts');
  endpoints['password'] = await import('../../src/pages/api/account/password.ts');
  endpoints['roles'] = await import('../../src/pages/api/admin/users/[id]/roles.ts');
});

interface Signed {
  token: string;
  id: string;
  email: string;
}

/** A new account with `roles` and the password, and a session of it (an admin's with its second
 * factor, as the admin area needs: Must 1). */
async function signedIn(roles: ('contractor' | 'admin')[] = [], email = freshEmail()): Promise<Signed> {
  const user = await createUser(sql, { email, roles, passwordHash });
  const admin = roles.includes('admin');
  if (admin) await enrolTotp(sql, user.id);
  return {
    token: (await createSession(sql, user.id, {}, { secondFactor: admin })).token,
    id: user.id,
    email,
  };
}

const lookUp = (s: { token: string }) => validateSession(sql, s.token);
const sessionUser = async (s: { token: string }) => (await lookUp(s))!;

/** Makes the session's last proof of the password `minutes` old. */
const proofAged = (s: { token: string }, minutes: number) =>
  sql`update sessions set authenticated_at = now() - make_interval(secs => ${minutes * 60})
      where id = ${hashToken(s.token)}`;

async function call(name: string, method: 'POST' | 'PUT', user: SessionUser, body: unknown, params = {}) {
  const context = apiContext({ method, path: `/api/x/${name}`, user, body, params });
  const response = await endpoints[name]![method]!(context);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('admin sessions end after 30 minutes idle or 12 hours; everyone else keeps 7 and 30 days', () => {
  const idle = (s: Signed, minutes: number) =>
    sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes}) where id = ${hashToken(s.token)}`;
  const started = (s: Signed, minutes: number) =>
    sql`update sessions set created_at = now() - make_interval(mins => ${minutes}) where id = ${hashToken(s.token)}`;

  it('an admin idle 31 minutes is signed out; at 29 minutes is not; a homeowner idle 31 minutes is not', async () => {
    const admin = await signedIn(['admin']);
    const homeowner = await signedIn();
    await idle(admin, 29);
    expect(await lookUp(admin)).not.toBeNull();
    await idle(admin, 31);
    await idle(homeowner, 31);
    expect(await lookUp(admin)).toBeNull();
    expect(await lookUp(homeowner)).not.toBeNull();
  });

  it('an admin session ends 12 hours after signing in, however busy; a contractor keeps theirs', async () => {
    const admin = await signedIn(['admin', 'contractor']);
    const contractor = await signedIn(['contractor']);
    await started(admin, 11 * 60 + 59);
    const live = await sessionUser(admin);
    // The answer's expiry is the admin's: 12 hours from the start, not 7 days from now.
    expect(live.expiresAt.getTime()).toBeLessThan(Date.now() + 2 * 60_000);
    await started(admin, 12 * 60 + 1);
    await started(contractor, 12 * 60 + 1);
    expect(await lookUp(admin)).toBeNull();
    expect(await lookUp(contractor)).not.toBeNull();
  });

  it('follows the roles at each lookup: granting admin shortens an existing session, revoking lengthens it', async () => {
    const person = await signedIn();
    await idle(person, 45);
    expect(await lookUp(person)).not.toBeNull();
    await sql`update sessions set last_seen_at = now() - interval '45 minutes' where id = ${hashToken(person.token)}`;
    await sql`insert into user_roles (user_id, role) values (${person.id}, 'admin')`;
    expect(await lookUp(person)).toBeNull();
    await sql`delete from user_roles where user_id = ${person.id}`;
    expect(await lookUp(person)).not.toBeNull();
  });

  it('housekeeping deletes an admin session past its limits and keeps a homeowner session as old', async () => {
    const admin = await signedIn(['admin']);
    const homeowner = await signedIn();
    await idle(admin, 40);
    await idle(homeowner, 40);
    await purgeExpired(sql);
    const left = await sql<{ id: string }[]>`select id from sessions
      where id in (${hashToken(admin.token)}, ${hashToken(homeowner.token)})`;
    expect(left.map((r) => r.id)).toEqual([hashToken(homeowner.token)]);
  });
});

const recent = async (s: { token: string }) => {
  try {
    requireRecentAuthentication(await sessionUser(s));
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'REAUTH_REQUIRED') return false;
    throw error;
  }
};

describe('re-authentication', () => {
  it(`holds for ${REAUTH_MINUTES} minutes after signing in, then is required; markReauthenticated renews it`, async () => {
    const now = new Date();
    const edge = new Date(now.getTime() - REAUTH_MINUTES * 60_000);
    expect(() => requireRecentAuthentication({ authenticatedAt: edge }, now)).not.toThrow();
    expect(() => requireRecentAuthentication({ authenticatedAt: new Date(edge.getTime() - 1) }, now)).toThrow(
      expect.objectContaining({ code: 'REAUTH_REQUIRED' }),
    );
    const person = await signedIn();
    expect(await recent(person)).toBe(true);
    await proofAged(person, REAUTH_MINUTES + 1);
    expect(await recent(person)).toBe(false);
    await markReauthenticated(sql, hashToken(person.token));
    expect(await recent(person)).toBe(true);
  });

  it('POST /api/account/reauth refuses a wrong password and renews the proof with the right one', async () => {
    const person = await signedIn();
    await proofAged(person, 10);
    const wrong = await call('reauth', 'POST', await sessionUser(person), { password: 'Wrong!Pass1' });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { password: [expect.any(String)] } } });
    expect(await recent(person)).toBe(false);
    const right = await call('reauth', 'POST', await sessionUser(person), { password: PASSWORD });
    expect(right.status).toBe(200);
    expect(await recent(person)).toBe(true);
  });

  it('is limited like sign-in: the 6th try in 5 minutes is refused before the password is checked', async () => {
    const person = await signedIn();
    await proofAged(person, 10);
    const user = await sessionUser(person);
    for (let i = 0; i < 5; i += 1) {
      expect((await call('reauth', 'POST', user, { password: `Wrong!Pass${i}` })).status).toBe(400);
    }
    expect((await call('reauth', 'POST', user, { password: PASSWORD })).status).toBe(429);
    expect(await recent(person)).toBe(false);
  });
});

describe.each([
  {
    change: 'an e-mail change',
    attempt: async (person: Signed) => {
      const email = freshEmail();
      const answer = await call('profile', 'PUT', await sessionUser(person), { fullName: 'Renamed', email });
      const [pending] =
        await sql`select 1 from auth_tokens where user_id = ${person.id} and purpose = 'email_change'`;
      const [named] = await sql`select 1 from users where id = ${person.id} and full_name = 'Renamed'`;
      const [mailed] = await sql`select 1 from mail_outbox where to_address = ${email}`;
      return {
        answer,
        changed: Boolean(pending && named && mailed),
        partly: Boolean(pending || named || mailed),
      };
    },
  },
  {
    change: 'granting a role',
    attempt: async (person: Signed) => {
      const target = await signedIn();
      const answer = await call(
        'roles',
        'POST',
        await sessionUser(person),
        { role: 'admin', granted: true },
        { id: target.id },
      );
      const [granted] = await sql`select 1 from user_roles where user_id = ${target.id} and role = 'admin'`;
      return { answer, changed: Boolean(granted), partly: Boolean(granted) };
    },
  },
])('$change needs the password within the last 5 minutes', ({ attempt }) => {
  it('is refused with 403 REAUTH_REQUIRED and changes nothing when the proof is older', async () => {
    const person = await signedIn(['admin']);
    await proofAged(person, REAUTH_MINUTES + 1);
    const { answer, partly } = await attempt(person);
    expect(answer).toMatchObject({ status: 403, body: { code: 'REAUTH_REQUIRED' } });
    expect(answer.body['error']).toBe(
      'For your security, please enter your password again to make this change.',
    );
    expect(partly).toBe(false);
  });

  it('goes through once the password is given again', async () => {
    const person = await signedIn(['admin']);
    await proofAged(person, REAUTH_MINUTES + 1);
    expect((await call('reauth', 'POST', await sessionUser(person), { password: PASSWORD })).status).toBe(
      200,
    );
    const { answer, changed } = await attempt(person);
    expect(answer.status).toBe(200);
    expect(changed).toBe(true);
  });

  it('goes through within 5 minutes of signing in', async () => {
    const person = await signedIn(['admin']);
    await proofAged(person, REAUTH_MINUTES - 1);
    const { answer, changed } = await attempt(person);
    expect(answer.status).toBe(200);
    expect(changed).toBe(true);
  });
});

describe('changes that need no fresh proof', () => {
  it('the name alone, and revoking a role, go through with an old proof', async () => {
    const admin = await signedIn(['admin']);
    await proofAged(admin, 60);
    const user = await sessionUser(admin);
    expect((await call('profile', 'PUT', user, { fullName: 'Only Name', email: admin.email })).status).toBe(
      200,
    );
    const target = await signedIn(['contractor']);
    const revoked = await call(
      'roles',
      'POST',
      user,
      { role: 'contractor', granted: false },
      { id: target.id },
    );
    expect(revoked.status).toBe(200);
  });

  it("a password change's current password is its own proof, and renews the session's", async () => {
    const person = await signedIn();
    await proofAged(person, 60);
    const answer = await call('password', 'POST', await sessionUser(person), {
      currentPassword: PASSWORD,
      password: 'Quiet-Harbor-Lamp-73!',
      confirmPassword: 'Quiet-Harbor-Lamp-73!',
    });
    expect(answer.status).toBe(200);
    expect(await recent(person)).toBe(true);
    // A wrong current password renews nothing.
    await proofAged(person, 60);
    await expect(
      changePassword(sql, await sessionUser(person), {
        currentPassword: PASSWORD,
        password: 'An0ther!Pass',
        confirmPassword: 'An0ther!Pass',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await recent(person)).toBe(false);
  });
});

/** Moves `person`'s account to a new address, confirmed from the session `confirming`. */
async function changeEmail(person: Signed, confirming: Signed | null = person): Promise<string> {
  const newEmail = freshEmail();
  expect(
    (await call('profile', 'PUT', await sessionUser(person), { fullName: 'A', email: newEmail })).status,
  ).toBe(200);
  const current = confirming ? await sessionUser(confirming) : null;
  await confirmEmailToken(sql, await mailedToken(sql, newEmail, 'email_change'), {}, null, current);
  return newEmail;
}

const emailOf = async (id: string) =>
  (await sql<{ email: string }[]>`select email from users where id = ${id}`)[0]!.email;
const sessionsOf = async (id: string) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${id}`)[0]!.n;

describe('an e-mail change and its undo link', () => {
  it('ends every other session, keeps the confirming one, and mails the old address an undo link', async () => {
    const person = await signedIn();
    const other = { ...person, token: (await createSession(sql, person.id)).token };
    const newEmail = await changeEmail(person);
    expect(await emailOf(person.id)).toBe(newEmail);
    expect(await lookUp(person)).not.toBeNull();
    expect(await lookUp(other)).toBeNull();
    const [mail] = await sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from mail_outbox where to_address = ${person.email} and template = 'email_changed'`;
    expect(mail!.subject).toBe('Your e-mail address was changed');
    expect(mail!.text_body).toMatch(/\/auth\/undo-email\?token=[A-Za-z0-9_-]{43}/);
    // Confirmed from a browser that is not signed in to the account: every session ends.
    const second = await signedIn();
    await changeEmail(second, null);
    expect(await sessionsOf(second.id)).toBe(0);
  });

  it('undoing restores the old address, ends every session and offers a reset; the link works once', async () => {
    const person = await signedIn();
    const oldEmail = person.email;
    await changeEmail(person);
    const token = await mailedToken(sql, oldEmail, 'email_changed');
    const undone = await undoEmailChange(sql, token);
    expect(undone).toMatchObject({ userId: person.id, email: oldEmail });
    expect(await emailOf(person.id)).toBe(oldEmail);
    expect(await sessionsOf(person.id)).toBe(0);
    expect(await resetTokenIsValid(sql, undone.resetToken)).toBe(true);
    await expect(undoEmailChange(sql, token)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await emailOf(person.id)).toBe(oldEmail);
  });

  it('works for 7 days and not after', async () => {
    const person = await signedIn();
    await changeEmail(person);
    const token = await mailedToken(sql, person.email, 'email_changed');
    const [row] = await sql<{ days: string }[]>`
      select extract(epoch from expires_at - created_at) / 86400 as days from email_change_undos
      where token_hash = ${hashToken(token)}`;
    expect(Number(row!.days)).toBe(7);
    await sql`update email_change_undos set created_at = created_at - interval '7 days 1 minute',
              expires_at = expires_at - interval '7 days 1 minute' where token_hash = ${hashToken(token)}`;
    await expect(undoEmailChange(sql, token)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await emailOf(person.id)).not.toBe(person.email);
  });

  it('refuses a forged token and changes nothing', async () => {
    const person = await signedIn();
    const newEmail = await changeEmail(person);
    await expect(undoEmailChange(sql, newToken())).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await emailOf(person.id)).toBe(newEmail);
    expect(await lookUp(person)).not.toBeNull();
  });

  it("a second change does not void the owner's undo link; undoing voids the second change's", async () => {
    const person = await signedIn();
    const first = await changeEmail(person);
    await changeEmail(person);
    const ownersLink = await mailedToken(sql, person.email, 'email_changed');
    const attackersLink = await mailedToken(sql, first, 'email_changed');
    await undoEmailChange(sql, ownersLink);
    expect(await emailOf(person.id)).toBe(person.email);
    await expect(undoEmailChange(sql, attackersLink)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await emailOf(person.id)).toBe(person.email);
  });
});

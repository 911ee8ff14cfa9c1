// The second factor (issue 26): an authenticator app set up and confirmed through the account's
// endpoints, recovery codes, the two-step sign-in, and the admin area shut to an admin session
// without a second factor, through the real route wrapper and session code.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  SECOND_FACTOR_CHECK_FOR_CHANGE,
  SECOND_FACTOR_CHECK_NEEDED,
  SECOND_FACTOR_SETUP_NEEDED,
} from '../../src/domain/guards.ts';
import { REAUTH_MINUTES } from '../../src/domain/session-rules.ts';
import { purgeExpired } from '../../src/server/jobs/cleanup.ts';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import { addPasskey } from '../../src/server/accounts/auth/second-factor/add-passkey.ts';
import {
  finishSignIn,
  pendingPasskeyOptions,
} from '../../src/server/accounts/auth/second-factor/finish-sign-in.ts';
import {
  listPasskeys,
  passkeyRegistrationOptions,
} from '../../src/server/accounts/auth/second-factor/passkeys.ts';
import { FACTOR_MESSAGES } from '../../src/server/accounts/auth/second-factor/messages.ts';
import {
  PENDING_ATTEMPTS,
  startPendingSignIn,
} from '../../src/server/accounts/auth/second-factor/pending-sign-in.ts';
import {
  provePasskey,
  provePasskeyOptions,
} from '../../src/server/accounts/auth/second-factor/prove-second-factor.ts';
import { removeSecondFactor } from '../../src/server/accounts/auth/second-factor/remove-factor.ts';
import {
  replaceRecoveryCodes,
  useRecoveryCode,
} from '../../src/server/accounts/auth/second-factor/recovery-codes.ts';
import { openSecret } from '../../src/server/accounts/auth/second-factor/secret-box.ts';
import {
  currentTotpCode,
  TOTP_PERIOD_SECONDS,
  useTotpCode,
} from '../../src/server/accounts/auth/second-factor/totp.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { signIn } from '../../src/server/accounts/auth/sign-in.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { createUser } from '../factories/index.ts';
import { apiContext, enrolTotp, signedInUser, TEST_TOTP_SECRET } from '../helpers/api-context.ts';
import { SoftwarePasskey } from '../helpers/software-passkey.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

type Endpoint = Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', APIRoute>>;
const endpoints: Record<string, Endpoint> = {};
const PASSWORD = 'Str0ng!Pass';

beforeAll(async () => {
  endpoints['/api/account/second-factor'] =
    await import('../../src/pages/api/account/second-factor/index.ts');
  endpoints['/api/account/second-factor/totp'] =
    await import('../../src/pages/api/account/second-factor/totp.ts');
  endpoints['/api/account/second-factor/recovery-codes'] =
    await import('../../src/pages/api/account/second-factor/recovery-codes.ts');
  endpoints['/api/account/second-factor/verify'] =
    await import('../../src/pages/api/account/second-factor/verify.ts');
  endpoints['/api/admin/users'] = await import('../../src/pages/api/admin/users/index.ts');
  endpoints['/api/account/second-factor/passkeys'] =
    await import('../../src/pages/api/account/second-factor/passkeys/index.ts');
  endpoints['/api/account/second-factor/passkeys/options'] =
    await import('../../src/pages/api/account/second-factor/passkeys/options.ts');
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  user: SessionUser | null,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await endpoints[path]![method]!(apiContext({ method, path, user, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The session user again, as the middleware would load it on the next request. */
const reload = async (user: SessionUser) => {
  const [row] = await sql<{ id: string }[]>`select id from sessions where id = ${user.sessionId}`;
  expect(row).toBeDefined();
  const [again] = await sql<{ second_factor_at: Date | null }[]>`
    select second_factor_at from sessions where id = ${user.sessionId}`;
  const enrolled = await sql`select 1 from user_totp where user_id = ${user.id} and secret_enc is not null`;
  return {
    ...user,
    secondFactor: {
      enrolled: enrolled.length > 0,
      proved: again!.second_factor_at !== null,
      provedAt: again!.second_factor_at,
    },
  };
};

/** A code of the secret from another 30-second step than the current one (not yet used). */
const codeAt = (secret: string, stepsAhead: number) =>
  currentTotpCode(secret, Date.now() + stepsAhead * TOTP_PERIOD_SECONDS * 1000);

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.message}` : String(e)),
  );

async function userWithPassword(roles: ('contractor' | 'admin')[] = []) {
  return createUser(sql, { roles, passwordHash: await hashPassword(PASSWORD) });
}

describe('setting up an authenticator app', () => {
  it('shows the secret as a QR code and as text, and counts it only once a first code confirms it', async () => {
    const user = await signedInUser(sql);
    const setup = await call('POST', '/api/account/second-factor/totp', user);
    expect(setup.status).toBe(200);
    const secret = setup.body['secret'] as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body['uri']).toBe(
      `otpauth://totp/Dayton%20Contractors:${encodeURIComponent(user.email)}?issuer=Dayton%20Contractors&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.body['qrSvg']).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Stored sealed: the database alone holds no secret.
    const [row] = await sql<
      { pending_secret_enc: string }[]
    >`select pending_secret_enc from user_totp where user_id = ${user.id}`;
    expect(row!.pending_secret_enc).not.toContain(secret);
    expect(openSecret(row!.pending_secret_enc)).toBe(secret);
    expect((await call('GET', '/api/account/second-factor', user)).body).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      sessionProved: false,
    });

    const wrong = await call('PUT', '/api/account/second-factor/totp', user, {
      code: '000000' === currentTotpCode(secret) ? '111111' : '000000',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: FACTOR_MESSAGES.wrongCode } });
    expect((await call('GET', '/api/account/second-factor', user)).body['totp']).toBe(false);

    const confirmed = await call('PUT', '/api/account/second-factor/totp', user, {
      code: currentTotpCode(secret),
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body['recoveryCodes'] as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only the hashes are kept.
    const stored = await sql<
      { code_hash: string }[]
    >`select code_hash from recovery_codes where user_id = ${user.id}`;
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replace('-', ''));
    // Confirming proved the factor in this session.
    const now = await reload(user);
    expect((await call('GET', '/api/account/second-factor', now)).body).toEqual({
      totp: true,
      passkeys: [],
      recoveryCodesLeft: 10,
      sessionProved: true,
    });
  });

  it('keeps no answer holding the secret or the recovery codes for an idempotent replay', async () => {
    const user = await signedInUser(sql);
    const keyed = async (method: 'POST' | 'PUT', path: string, key: string, body?: unknown, as = user) => {
      const context = apiContext({ method, path, user: as, body, headers: { 'idempotency-key': key } });
      const response = await endpoints[path]![method]!(context);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const key = randomUUID();
    const first = await keyed('POST', '/api/account/second-factor/totp', key);
    const again = await keyed('POST', '/api/account/second-factor/totp', key);
    // Sent again with the same key, it runs again: a new secret, not the first answer kept.
    expect(again.body['secret']).not.toBe(first.body['secret']);
    const secret = again.body['secret'] as string;
    const confirmed = await keyed('PUT', '/api/account/second-factor/totp', randomUUID(), {
      code: currentTotpCode(secret),
    });
    expect(confirmed.body['recoveryCodes']).toHaveLength(10);
    const renewed = await keyed(
      'POST',
      '/api/account/second-factor/recovery-codes',
      randomUUID(),
      undefined,
      await reload(user),
    );
    expect(renewed.body['recoveryCodes']).toHaveLength(10);
    expect(await sql`select 1 from request_keys where owner = ${user.id}`).toHaveLength(0);

    // A first passkey's answer carries the recovery codes too (the site the requests name).
    const other = await signedInUser(sql);
    const passkey = new SoftwarePasskey('http://127.0.0.1:4321');
    const options = await keyed(
      'POST',
      '/api/account/second-factor/passkeys/options',
      randomUUID(),
      undefined,
      other,
    );
    const added = await keyed(
      'POST',
      '/api/account/second-factor/passkeys',
      randomUUID(),
      { name: 'Desk key', response: passkey.register(options.body as never) },
      other,
    );
    expect(added.body['recoveryCodes']).toHaveLength(10);
    expect(await sql`select 1 from request_keys where owner = ${other.id}`).toHaveLength(0);
  });

  it('refuses a code used once already within its window', async () => {
    const user = await createUser(sql);
    await enrolTotp(sql, user.id);
    const code = codeAt(TEST_TOTP_SECRET, 0);
    expect(await useTotpCode(sql, user.id, code)).toBe('ok');
    expect(await useTotpCode(sql, user.id, code)).toBe('reused');
    // An earlier step's code, once a later one was taken, is refused too.
    expect(await useTotpCode(sql, user.id, codeAt(TEST_TOTP_SECRET, -1))).toBe('reused');
    expect(await useTotpCode(sql, user.id, codeAt(TEST_TOTP_SECRET, 1))).toBe('ok');
    expect(await useTotpCode(sql, user.id, '12345')).toBe('wrong');
  });

  it('lets a session that predates the factor neither replace nor remove it, nor make new recovery codes', async () => {
    const user = await signedInUser(sql, [], 'enrolled');
    for (const [method, path] of [
      ['POST', '/api/account/second-factor/totp'],
      ['DELETE', '/api/account/second-factor/totp'],
      ['POST', '/api/account/second-factor/recovery-codes'],
    ] as const) {
      expect(await call(method, path, user)).toMatchObject({
        status: 403,
        body: { code: 'SECOND_FACTOR_REQUIRED', error: SECOND_FACTOR_CHECK_FOR_CHANGE },
      });
    }
    expect(
      await sql`select 1 from user_totp where user_id = ${user.id} and secret_enc is not null`,
    ).toHaveLength(1);
  });

  it("removes a homeowner's app and its recovery codes; an admin keeps theirs", async () => {
    const homeowner = await signedInUser(sql, [], 'enrolled and proved');
    await replaceRecoveryCodes(sql, homeowner.id);
    expect((await call('DELETE', '/api/account/second-factor/totp', homeowner)).status).toBe(200);
    expect((await call('GET', '/api/account/second-factor', homeowner)).body).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });

    const admin = await signedInUser(sql, ['admin']);
    expect(await call('DELETE', '/api/account/second-factor/totp', admin)).toMatchObject({
      status: 403,
      body: { error: FACTOR_MESSAGES.adminKeepsFactor },
    });
  });
});

describe('recovery codes', () => {
  it('are each usable once, and a new set retires the old', async () => {
    const user = await createUser(sql);
    const first = await replaceRecoveryCodes(sql, user.id);
    expect(await useRecoveryCode(sql, user.id, first[0]!.toUpperCase())).toBe(true);
    expect(await useRecoveryCode(sql, user.id, first[0]!)).toBe(false);
    expect(await useRecoveryCode(sql, user.id, first[1]!.replace('-', ' '))).toBe(true);
    const second = await replaceRecoveryCodes(sql, user.id);
    expect(await useRecoveryCode(sql, user.id, first[2]!)).toBe(false);
    expect(await useRecoveryCode(sql, user.id, second[2]!)).toBe(true);
    expect(await useRecoveryCode(sql, user.id, 'not-a-code')).toBe(false);
  });

  it('are made again only through a session that proved the factor', async () => {
    const user = await signedInUser(sql, [], 'enrolled and proved');
    const made = await call('POST', '/api/account/second-factor/recovery-codes', user);
    expect(made.status).toBe(200);
    expect(made.body['recoveryCodes']).toHaveLength(10);
    const without = await signedInUser(sql);
    expect(await call('POST', '/api/account/second-factor/recovery-codes', without)).toMatchObject({
      status: 409,
      body: { error: FACTOR_MESSAGES.noFactor },
    });
  });
});

describe('signing in with a second factor', () => {
  it('takes two steps: no session after the password, a session made with the factor after the code', async () => {
    const user = await userWithPassword();
    await enrolTotp(sql, user.id);
    const first = await signIn(sql, { email: user.email, password: PASSWORD });
    expect(first.kind).toBe('second-factor');
    expect(await sql`select 1 from sessions where user_id = ${user.id}`).toHaveLength(0);
    if (first.kind !== 'second-factor') return;

    expect(await errorOf(finishSignIn(sql, first.pending.token, codeAt(TEST_TOTP_SECRET, 5)))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.wrongCode}`,
    );
    const done = await finishSignIn(sql, first.pending.token, currentTotpCode(TEST_TOTP_SECRET));
    expect(done.method).toBe('totp');
    const session = await validateSession(sql, done.token);
    expect(session?.secondFactor).toMatchObject({ enrolled: true, proved: true });
    // Single use: the same pending sign-in opens nothing more.
    expect(await errorOf(finishSignIn(sql, first.pending.token, codeAt(TEST_TOTP_SECRET, 1)))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.signInExpired}`,
    );
  });

  it('accepts a recovery code once instead of the app', async () => {
    const user = await userWithPassword();
    await enrolTotp(sql, user.id);
    const [code] = await replaceRecoveryCodes(sql, user.id);
    const first = await signIn(sql, { email: user.email, password: PASSWORD });
    if (first.kind !== 'second-factor') throw new Error('expected the second step');
    expect((await finishSignIn(sql, first.pending.token, code!)).method).toBe('recovery');
    const again = await signIn(sql, { email: user.email, password: PASSWORD });
    if (again.kind !== 'second-factor') throw new Error('expected the second step');
    expect(await errorOf(finishSignIn(sql, again.pending.token, code!))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.wrongCode}`,
    );
  });

  it(`ends the pending sign-in after ${PENDING_ATTEMPTS} wrong codes, and when it expires`, async () => {
    const user = await userWithPassword();
    await enrolTotp(sql, user.id);
    const first = await signIn(sql, { email: user.email, password: PASSWORD });
    if (first.kind !== 'second-factor') throw new Error('expected the second step');
    for (let i = 0; i < PENDING_ATTEMPTS; i += 1) {
      expect(await errorOf(finishSignIn(sql, first.pending.token, codeAt(TEST_TOTP_SECRET, 9)))).toMatch(
        /^UNAUTHORIZED/,
      );
    }
    expect(await errorOf(finishSignIn(sql, first.pending.token, currentTotpCode(TEST_TOTP_SECRET)))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.signInExpired}`,
    );
    // The account's own limit (5 codes per 5 minutes) holds across pending sign-ins too.
    const second = await signIn(sql, { email: user.email, password: PASSWORD });
    if (second.kind !== 'second-factor') throw new Error('expected the second step');
    expect(await errorOf(finishSignIn(sql, second.pending.token, currentTotpCode(TEST_TOTP_SECRET)))).toMatch(
      /^RATE_LIMITED/,
    );

    await sql`delete from rate_limits where identifier = ${user.id}`;
    const third = await signIn(sql, { email: user.email, password: PASSWORD });
    if (third.kind !== 'second-factor') throw new Error('expected the second step');
    await sql`update pending_sign_ins set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    expect(await errorOf(finishSignIn(sql, third.pending.token, currentTotpCode(TEST_TOTP_SECRET)))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.signInExpired}`,
    );
    expect(await errorOf(finishSignIn(sql, null, '123456'))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.signInExpired}`,
    );
  });

  it('is one step for an account without a second factor, as before', async () => {
    const user = await userWithPassword();
    expect((await signIn(sql, { email: user.email, password: PASSWORD })).kind).toBe('session');
  });
});

describe('the admin area and the second factor', () => {
  it.each([
    ['enrolled and proved', 200, undefined],
    ['enrolled', 403, SECOND_FACTOR_CHECK_NEEDED],
    ['none', 403, SECOND_FACTOR_SETUP_NEEDED],
  ] as const)(
    'an admin session with a second factor %s: GET /api/admin/users answers %i',
    async (factor, status, error) => {
      const admin = await signedInUser(sql, ['admin'], factor);
      const answer = await call('GET', '/api/admin/users', admin);
      expect(answer.status).toBe(status);
      if (error) expect(answer.body).toMatchObject({ error, code: 'SECOND_FACTOR_REQUIRED' });
    },
  );

  it('opens once the admin proves the factor in the session', async () => {
    const admin = await signedInUser(sql, ['admin'], 'enrolled');
    expect(
      await call('POST', '/api/account/second-factor/verify', admin, { code: codeAt(TEST_TOTP_SECRET, 7) }),
    ).toMatchObject({
      status: 401,
      body: { error: FACTOR_MESSAGES.wrongCode },
    });
    expect(
      (
        await call('POST', '/api/account/second-factor/verify', admin, {
          code: currentTotpCode(TEST_TOTP_SECRET),
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/users', await reload(admin))).status).toBe(200);
  });
});

describe('passkeys', () => {
  const rp = { origin: 'http://localhost:4321', rpID: 'localhost' };

  it('are registered against a challenge kept on the server, once, and finish the sign-in', async () => {
    const row = await userWithPassword();
    const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
    const key = new SoftwarePasskey(rp.origin);
    const options = await passkeyRegistrationOptions(sql, user, rp);
    expect(options.rp).toEqual({ name: 'Dayton Contractors', id: 'localhost' });
    const added = await addPasskey(sql, user, rp, {
      name: 'Test key',
      response: key.register(options),
    });
    expect(added.recoveryCodes).toHaveLength(10);
    expect(added.passkey).toMatchObject({ id: key.id, name: 'Test key', lastUsedAt: null });
    // The same answer again: its challenge was used.
    expect(await errorOf(addPasskey(sql, user, rp, { name: 'Again', response: key.register(options) }))).toBe(
      `BAD_REQUEST: ${FACTOR_MESSAGES.passkeyFailed}`,
    );

    const first = await signIn(sql, { email: row.email, password: PASSWORD });
    if (first.kind !== 'second-factor') throw new Error('expected the second step');
    const challenge = await pendingPasskeyOptions(sql, first.pending.token, rp);
    expect(challenge.allowCredentials).toEqual([
      { id: key.id, type: 'public-key', transports: ['internal'] },
    ]);
    // The account's own passkey answering through another site's page is refused (the origin is
    // the request's site).
    expect(
      await errorOf(
        finishSignIn(sql, first.pending.token, {
          passkey: key.authenticate(challenge, 'http://evil.example'),
          rp,
        }),
      ),
    ).toBe(`UNAUTHORIZED: ${FACTOR_MESSAGES.passkeyFailed}`);
    const again = await pendingPasskeyOptions(sql, first.pending.token, rp);
    const done = await finishSignIn(sql, first.pending.token, {
      passkey: key.authenticate(again),
      rp,
    });
    expect(done.method).toBe('passkey');
    expect((await validateSession(sql, done.token))?.secondFactor).toMatchObject({
      enrolled: true,
      proved: true,
    });
    const [listed] = await listPasskeys(sql, row.id);
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('prove the factor in a session that had not (/second-factor), once per challenge; another site cannot', async () => {
    const row = await userWithPassword();
    const adding = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
    const key = new SoftwarePasskey(rp.origin);
    await addPasskey(sql, adding, rp, {
      name: 'Key',
      response: key.register(await passkeyRegistrationOptions(sql, adding, rp)),
    });
    // A session made before the passkey: enrolled, not proved.
    const older = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
    expect(older.secondFactor).toMatchObject({ enrolled: true, proved: false });

    const first = await provePasskeyOptions(sql, older, rp);
    expect(await errorOf(provePasskey(sql, older, rp, key.authenticate(first, 'http://evil.example')))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.passkeyFailed}`,
    );
    expect((await reload(older)).secondFactor.proved).toBe(false);
    const challenge = await provePasskeyOptions(sql, older, rp);
    const answer = key.authenticate(challenge);
    await provePasskey(sql, older, rp, answer);
    expect((await reload(older)).secondFactor.proved).toBe(true);
    // The same answer again: its challenge was used.
    expect(await errorOf(provePasskey(sql, older, rp, answer))).toBe(
      `UNAUTHORIZED: ${FACTOR_MESSAGES.passkeyFailed}`,
    );
    // An account without a passkey is told so.
    const none = await signedInUser(sql, [], 'enrolled');
    expect(await errorOf(provePasskeyOptions(sql, none, rp))).toBe(`CONFLICT: ${FACTOR_MESSAGES.noPasskey}`);
  });
});

describe('changing a second factor asks who it is again (issue 26, Must 2)', () => {
  it(`refuses a change ${REAUTH_MINUTES} minutes after the session last proved its user; a code proves it again`, async () => {
    const user = await signedInUser(sql, [], 'enrolled and proved');
    const stale = { ...user, authenticatedAt: new Date(Date.now() - (REAUTH_MINUTES * 60 + 5) * 1000) };
    for (const [method, path] of [
      ['POST', '/api/account/second-factor/totp'],
      ['DELETE', '/api/account/second-factor/totp'],
      ['POST', '/api/account/second-factor/recovery-codes'],
    ] as const) {
      expect(await call(method, path, stale)).toMatchObject({
        status: 403,
        body: { code: 'REAUTH_REQUIRED' },
      });
    }
    // Nothing changed: the app is still there, with no pending secret.
    const [app] = await sql<{ pending: boolean }[]>`
      select pending_secret_enc is not null as pending from user_totp where user_id = ${user.id} and secret_enc is not null`;
    expect(app).toEqual({ pending: false });
    // A code from the app, checked in the session, counts as proving the user again.
    await sql`update sessions set authenticated_at = now() - interval '1 hour' where id = ${user.sessionId}`;
    expect(
      (await call('POST', '/api/account/second-factor/verify', stale, { code: codeAt(TEST_TOTP_SECRET, 1) }))
        .status,
    ).toBe(200);
    const [session] = await sql<{ fresh: boolean }[]>`
      select authenticated_at > now() - interval '1 minute' as fresh from sessions where id = ${user.sessionId}`;
    expect(session).toEqual({ fresh: true });
  });
});

describe('the second factor under concurrency and housekeeping', () => {
  it('two removals at once leave an admin one factor: one goes through, the other is refused', async () => {
    const admin = await signedInUser(sql, ['admin']);
    for (const id of ['passkey-one', 'passkey-two']) {
      await sql`insert into user_passkeys (credential_id, user_id, public_key, name)
                values (${`${id}-${admin.id}`}, ${admin.id}, '\\x00'::bytea, ${id})`;
    }
    await sql`delete from user_totp where user_id = ${admin.id}`;
    const outcomes = await Promise.all(
      ['passkey-one', 'passkey-two'].map((id) =>
        errorOf(removeSecondFactor(sql, admin, { kind: 'passkey', id: `${id}-${admin.id}` })),
      ),
    );
    expect(outcomes.sort()).toEqual([`FORBIDDEN: ${FACTOR_MESSAGES.adminKeepsFactor}`, 'ok']);
    expect(await sql`select 1 from user_passkeys where user_id = ${admin.id}`).toHaveLength(1);
  });

  it('housekeeping purges ended half-done sign-ins, challenges and set-ups never confirmed, and keeps live ones', async () => {
    const ended = await userWithPassword();
    const live = await userWithPassword();
    await startPendingSignIn(sql, ended.id);
    await startPendingSignIn(sql, live.id);
    await sql`update pending_sign_ins set expires_at = now() - interval '1 second' where user_id = ${ended.id}`;
    await sql`insert into webauthn_challenges (challenge, user_id, purpose, expires_at) values
              (${`old-${ended.id}`}, ${ended.id}, 'register', now() - interval '1 second'),
              (${`new-${live.id}`}, ${live.id}, 'register', now() + interval '5 minutes')`;
    // A set-up begun two days ago and never confirmed; a confirmed app with a stale replacement.
    await sql`insert into user_totp (user_id, pending_secret_enc, pending_since)
              values (${ended.id}, 'sealed', now() - interval '2 days')`;
    await enrolTotp(sql, live.id);
    await sql`update user_totp set pending_secret_enc = 'sealed', pending_since = now() - interval '2 days'
              where user_id = ${live.id}`;

    expect((await purgeExpired(sql)).secondFactor).toBeGreaterThanOrEqual(4);
    expect(await sql`select 1 from pending_sign_ins where user_id = ${ended.id}`).toHaveLength(0);
    expect(await sql`select 1 from pending_sign_ins where user_id = ${live.id}`).toHaveLength(1);
    expect(
      (
        await sql<{ challenge: string }[]>`select challenge from webauthn_challenges
        where user_id in (${ended.id}, ${live.id})`
      ).map((r) => r.challenge),
    ).toEqual([`new-${live.id}`]);
    expect(await sql`select 1 from user_totp where user_id = ${ended.id}`).toHaveLength(0);
    const [kept] = await sql<{ secret_enc: string | null; pending_secret_enc: string | null }[]>`
      select secret_enc, pending_secret_enc from user_totp where user_id = ${live.id}`;
    expect(kept).toMatchObject({ pending_secret_enc: null });
    expect(kept!.secret_enc).not.toBeNull();
  });
});

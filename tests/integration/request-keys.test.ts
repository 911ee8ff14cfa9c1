// Idempotency keys through real endpoints and the real database: a write sent again with the same
// Idempotency-Key (a form re-sending after a lost connection) is carried out once and the repeat
// gets the first answer; a key reused for another request, a malformed key, a refused request and
// an answer that sets a cookie are each handled as src/server/platform/security/request-keys.ts says.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/auth/password.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import {
  claimRequestKey,
  purgeRequestKeys,
  REPLAYED_HEADER,
  REQUEST_KEY_MESSAGES,
} from '../../src/server/platform/security/request-keys.ts';
import { createUser } from '../factories/index.ts';
import { apiContext } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();

let forgot: APIRoute;
let password: APIRoute;
let signIn: APIRoute;

beforeAll(async () => {
  forgot = (await import('../../src/pages/api/auth/forgot-password.ts')).POST;
  password = (await import('../../src/pages/api/account/password.ts')).POST;
  signIn = (await import('../../src/pages/api/auth/sign-in.ts')).POST;
});

const key = () => randomUUID();
const PASSWORD = 'Old-Passw0rd!x';
let passwordHash: string | undefined;

/** A signed-in user whose password is PASSWORD. */
async function signedInUser(): Promise<SessionUser> {
  passwordHash ??= await hashPassword(PASSWORD);
  const row = await createUser(sql, { passwordHash });
  return (await validateSession(sql, (await createSession(sql, row.id)).token))!;
}

function askReset(email: string, requestKey?: string, clientAddress?: string): Promise<Response> {
  return Promise.resolve(
    forgot(
      apiContext({
        method: 'POST',
        path: '/api/auth/forgot-password',
        user: null,
        body: { email },
        ...(requestKey ? { headers: { 'idempotency-key': requestKey } } : {}),
        ...(clientAddress ? { clientAddress } : {}),
      }),
    ),
  );
}

/** POST /api/account/password as `user` with `body`, under the Idempotency-Key `requestKey`. */
function changePassword(
  user: SessionUser,
  body: Record<string, string>,
  requestKey: string,
): Promise<Response> {
  return Promise.resolve(
    password(
      apiContext({
        method: 'POST',
        path: '/api/account/password',
        user,
        body,
        headers: { 'idempotency-key': requestKey },
      }),
    ),
  );
}

async function resetMails(email: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from mail_outbox where to_address = ${email} and template = 'password_reset'`;
  return row!.n;
}

async function keyRows(requestKey: string): Promise<{ status: number | null }[]> {
  return sql<{ status: number | null }[]>`select status from request_keys where key = ${requestKey}`;
}

describe('a write repeated with the same Idempotency-Key', () => {
  it('is carried out once; the repeat is answered with the first answer', async () => {
    const user = await signedInUser();
    const k = key();
    const first = await askReset(user.email, k);
    const again = await askReset(user.email, k);
    expect(first.status).toBe(202);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(again.status).toBe(202);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual({ ok: true });
    expect(await resetMails(user.email)).toBe(1);
    // Without a key, each request is its own: a second mail.
    await askReset(user.email);
    expect(await resetMails(user.email)).toBe(2);
  });

  it('replays a change that could not be made twice: a password change', async () => {
    const user = await signedInUser();
    const k = key();
    const body = { currentPassword: PASSWORD, password: 'N3w-Passw0rd!x', confirmPassword: 'N3w-Passw0rd!x' };
    const change = () => changePassword(user, body, k);
    expect((await change()).status).toBe(200);
    // Carried out again, it would be refused: the current password is no longer PASSWORD.
    const again = await change();
    expect(again.status).toBe(200);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
  });

  it('runs once when both tries arrive at once', async () => {
    const user = await signedInUser();
    const k = key();
    const answers = await Promise.all([
      askReset(user.email, k),
      askReset(user.email, k),
      askReset(user.email, k),
    ]);
    for (const answer of answers) expect([202, 409]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 202 && !a.headers.get(REPLAYED_HEADER))).toHaveLength(1);
    expect(await resetMails(user.email)).toBe(1);
  });

  it('refuses the key for another request and changes nothing', async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const k = key();
    await askReset(user.email, k);
    const reused = await askReset(other.email, k);
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { error: string }).error).toBe(REQUEST_KEY_MESSAGES.mismatch);
    expect(await resetMails(other.email)).toBe(0);
  });

  it('keeps keys apart per user: the same key from two people is two requests', async () => {
    const [a, b] = [await signedInUser(), await signedInUser()];
    const k = key();
    const body = { currentPassword: PASSWORD, password: 'An0ther-Pass!x', confirmPassword: 'An0ther-Pass!x' };
    for (const user of [a, b]) {
      const answer = await changePassword(user, body, k);
      expect(answer.status).toBe(200);
      expect(answer.headers.get(REPLAYED_HEADER)).toBeNull();
    }
    expect(await keyRows(k)).toHaveLength(2);
  });

  it('answers a malformed key with 400 and does nothing', async () => {
    const user = await signedInUser();
    for (const bad of ['short', 'x'.repeat(101), 'has spaces in it ok', 'semi;colon-but-long-enough']) {
      const answer = await askReset(user.email, bad);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe(REQUEST_KEY_MESSAGES.invalid);
    }
    expect(await resetMails(user.email)).toBe(0);
  });

  it('does not keep a refused answer: the repeat is carried out again', async () => {
    const user = await signedInUser();
    const k = key();
    const body = {
      currentPassword: 'Wr0ng-Password!',
      password: 'N3w-Passw0rd!x',
      confirmPassword: 'N3w-Passw0rd!x',
    };
    const call = () => changePassword(user, body, k);
    const refused = await call();
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await keyRows(k)).toEqual([]);
    const again = await call();
    expect(again.status).toBe(refused.status);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('does not keep an answer that sets a cookie: a session is never stored', async () => {
    const user = await signedInUser();
    const k = key();
    const answer = await signIn(
      apiContext({
        method: 'POST',
        path: '/api/auth/sign-in',
        user: null,
        body: { email: user.email, password: PASSWORD },
        headers: { 'idempotency-key': k },
        clientAddress: '203.0.113.77',
      }),
    );
    expect(answer.status).toBe(200);
    expect(await keyRows(k)).toEqual([]);
  });

  it('is purged after a day', async () => {
    const user = await signedInUser();
    const k = key();
    await askReset(user.email, k);
    await sql`update request_keys set created_at = now() - interval '25 hours' where key = ${k}`;
    expect(await purgeRequestKeys(sql)).toBeGreaterThanOrEqual(1);
    expect(await keyRows(k)).toEqual([]);
  });

  it('answers a repeat while the first still runs with 409 IN_PROGRESS; a first dead for 2 minutes is taken over', async () => {
    const user = await signedInUser();
    const k = key();
    // The first try, claimed and still running (as a handler between its claim and its answer).
    const first = await claimRequestKey(sql, {
      owner: 'anonymous',
      key: k,
      method: 'POST',
      path: '/api/auth/forgot-password',
      body: { email: user.email },
    });
    expect('claim' in first).toBe(true);
    const repeat = await askReset(user.email, k);
    expect(repeat.status).toBe(409);
    expect(repeat.headers.get('retry-after')).toBe('1');
    expect(await repeat.json()).toMatchObject({ code: 'IN_PROGRESS', error: REQUEST_KEY_MESSAGES.running });
    expect(await resetMails(user.email)).toBe(0);

    await sql`update request_keys set created_at = now() - interval '3 minutes' where key = ${k}`;
    const takenOver = await askReset(user.email, k);
    expect(takenOver.status).toBe(202);
    expect(takenOver.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await resetMails(user.email)).toBe(1);
    expect(await keyRows(k)).toEqual([{ status: 202 }]);
  });

  it('refuses the key for another path or method with the same body', async () => {
    const user = await signedInUser();
    for (const [method, path] of [
      ['POST', '/api/auth/sign-in'],
      ['PUT', '/api/auth/forgot-password'],
    ] as const) {
      const k = key();
      await claimRequestKey(sql, { owner: 'anonymous', key: k, method, path, body: { email: user.email } });
      const answer = await askReset(user.email, k);
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { error: string }).error).toBe(REQUEST_KEY_MESSAGES.mismatch);
    }
    expect(await resetMails(user.email)).toBe(0);
  });

  it('keeps no password in the clear or as a plain hash', async () => {
    const user = await signedInUser();
    const k = key();
    const body = { currentPassword: PASSWORD, password: 'Kept-Secr3t!x', confirmPassword: 'Kept-Secr3t!x' };
    await changePassword(user, body, k);
    const [row] = await sql<{ body_hash: string; response_body: string }[]>`
      select body_hash, response_body from request_keys where key = ${k}`;
    const { createHash } = await import('node:crypto');
    expect(row!.body_hash).not.toBe(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    expect(row!.body_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.response_body).not.toContain('Kept-Secr3t');
  });
});

// Bodies naming an object's machinery ("__proto__", "constructor") sent to real endpoints: each
// answers 400, never 500, and the database is left exactly as it was.
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { createUser } from '../factories/index.ts';
import { useTestSql } from '../helpers/sql.ts';
import { callRoute } from '../helpers/api-context.ts';

// The endpoints reach the database through db(), and the configuration is read once, on first
// use (creating the test's own client is one): DATABASE_URL is set before anything reads it.
process.env['DATABASE_URL'] = inject('databaseUrl');
const sql = useTestSql();
let endpoints: Record<string, APIRoute>;
let user: SessionUser;

beforeAll(async () => {
  endpoints = {
    'POST /api/auth/sign-up': (await import('../../src/pages/api/auth/sign-up.ts')).POST,
    'POST /api/auth/sign-in': (await import('../../src/pages/api/auth/sign-in.ts')).POST,
    'POST /api/auth/forgot-password': (await import('../../src/pages/api/auth/forgot-password.ts')).POST,
    'PUT /api/account/profile': (await import('../../src/pages/api/account/profile.ts')).PUT,
    'POST /api/account/password': (await import('../../src/pages/api/account/password.ts')).POST,
  };
  const row = await createUser(sql);
  user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
});

/** Rows of every table a request to these endpoints could write. */
async function snapshot(): Promise<unknown> {
  return sql`
    select (select count(*) from users) as users, (select count(*) from profiles) as profiles,
           (select count(*) from sessions) as sessions, (select count(*) from auth_tokens) as tokens,
           (select count(*) from mail_outbox) as mail, (select count(*) from rate_limits) as limits,
           (select coalesce(sum(attempts), 0) from rate_limits) as attempts,
           (select string_agg(password_hash || full_name, ',' order by id) from users) as accounts`;
}

function call(name: string, body: string): Promise<Response> {
  const [method, path] = name.split(' ') as [string, string];
  return callRoute(endpoints[name]!, {
    method,
    path,
    user: path.startsWith('/api/account') ? user : null,
    headers: { 'content-type': 'application/json' },
    rawBody: body,
  });
}

describe.each([
  '{"__proto__": {"x": 1}}',
  '{"constructor": "x"}',
  '{"email": {"__proto__": null}}',
  '{"email": "pat@example.com", "password": "Str0ng!Pass", "constructor": {"prototype": 1}}',
])('the body %s', (body) => {
  it.each([
    'POST /api/auth/sign-up',
    'POST /api/auth/sign-in',
    'POST /api/auth/forgot-password',
    'PUT /api/account/profile',
    'POST /api/account/password',
  ])('sent to %s is answered 400 and changes nothing', async (endpoint) => {
    const before = await snapshot();
    const response = await call(endpoint, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await snapshot()).toEqual(before);
  });
});

it('the same endpoints with an ordinary body do reach the database (so the check above can fail)', async () => {
  const before = await snapshot();
  const response = await call('POST /api/auth/sign-in', '{"email": "pat@example.com", "password": "x"}');
  expect(response.status).toBe(401);
  expect(await snapshot()).not.toEqual(before);
});

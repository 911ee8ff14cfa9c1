// Calling an on-demand route's handler directly, as Astro would after the middleware: the
// request, its URL and params, the signed-in user (or null) and the site the middleware settled.
// And a signed-in user with given roles, through the real session code.
import type { APIContext } from 'astro';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import type { Db, Sql } from '../../src/server/platform/db/client.ts';
import { sealSecret } from '../../src/server/accounts/auth/second-factor/secret-box.ts';
import { createUser } from '../factories/index.ts';

export interface RouteCall {
  method: string;
  /** A path on the test site, e.g. '/api/admin/users?q=pat'. */
  path: string;
  user: SessionUser | null;
  params?: Record<string, string>;
  /** Sent as JSON when given. */
  body?: unknown;
  /** Sent as it is instead (a signed webhook's text, a form, bytes): its content-type in `headers`. */
  rawBody?: BodyInit;
  clientAddress?: string;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Cookies the request carries, by name (a claim's proof cookie). */
  cookies?: Record<string, string>;
}

export function apiContext({
  method,
  path,
  user,
  params = {},
  body,
  rawBody,
  clientAddress = '203.0.113.9',
  headers = {},
  cookies = {},
}: RouteCall): APIContext {
  const url = new URL(path, 'http://127.0.0.1:4321');
  const request = new Request(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: rawBody ?? (body === undefined ? null : JSON.stringify(body)),
  });
  return {
    request,
    url,
    params,
    locals: { user, site: { origin: url.origin, secure: false, clientAddress } },
    clientAddress,
    cookies: cookieJar(cookies),
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
  } as unknown as APIContext;
}

/**
 * Calls `handler` as Astro would after the middleware (apiContext); `form` is sent encoded as a
 * browser sends a form (multipart, with its boundary).
 */
export async function callRoute(
  handler: (context: APIContext) => Response | Promise<Response>,
  { form, ...call }: RouteCall & { form?: FormData },
): Promise<Response> {
  if (form) {
    const encoded = new Response(form);
    call.headers = { ...call.headers, 'content-type': encoded.headers.get('content-type')! };
    call.rawBody = await encoded.arrayBuffer();
  }
  return handler(apiContext(call));
}

const SET = Symbol('cookies set');

/** What a route reads and sets of Astro's cookies: the given ones come in; what it sets is listed. */
function cookieJar(incoming: Record<string, string>) {
  const set: string[] = [];
  const values: Record<string, string> = {};
  return {
    get: (name: string) => (name in incoming ? { value: incoming[name] } : undefined),
    set: (name: string, value: string) => {
      set.push(name);
      values[name] = value;
    },
    delete: (name: string) => void set.push(name),
    *headers() {
      yield* set.map((name) => `${name}=`);
    },
    [SET]: values,
  };
}

/** The cookies (name and value) a route set on the context it was called with. */
export function cookiesSet(context: APIContext): Record<string, string> {
  return (context.cookies as unknown as { [SET]: Record<string, string> })[SET];
}

/**
 * A new user with `roles`, signed in: the session user the middleware would hand a route. An
 * admin has an authenticator app and signed in with it (issue 26: the admin area needs both),
 * unless `secondFactor` says otherwise.
 */
export async function signedInUser(
  sql: Sql,
  roles: ('contractor' | 'admin')[] = [],
  secondFactor: 'enrolled and proved' | 'enrolled' | 'none' = roles.includes('admin')
    ? 'enrolled and proved'
    : 'none',
): Promise<SessionUser> {
  const row = await createUser(sql, { roles });
  if (secondFactor !== 'none') await enrolTotp(sql, row.id);
  const session = await createSession(
    sql,
    row.id,
    {},
    { secondFactor: secondFactor === 'enrolled and proved' },
  );
  return (await validateSession(sql, session.token))!;
}

/** The TOTP secret every test user's authenticator app has (enrolTotp). */
export const TEST_TOTP_SECRET = 'TESTUSERTOTPSECRETNOTFORUSE23456';

/** Gives a user a confirmed authenticator app with TEST_TOTP_SECRET. */
export async function enrolTotp(sql: Db, userId: string): Promise<void> {
  await sql`
    insert into user_totp (user_id, secret_enc, confirmed_at) values (${userId}, ${sealSecret(TEST_TOTP_SECRET)}, now())
    on conflict (user_id) do update set secret_enc = excluded.secret_enc, confirmed_at = now(), last_step = null`;
}

/** A sign-in that opened its session at once (an account without a second factor). */
export function fullSession<T extends { kind: string }>(result: T): Extract<T, { kind: 'session' }> {
  if (result.kind !== 'session') throw new Error(`Expected a session, got the ${result.kind} step`);
  return result as Extract<T, { kind: 'session' }>;
}

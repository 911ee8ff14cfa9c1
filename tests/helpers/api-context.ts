// Calling an on-demand route's handler directly, as Astro would after the middleware: the
// request, its URL and params, the signed-in user (or null) and the site the middleware settled.
// And a signed-in user with given roles, through the real session code.
import type { APIContext } from 'astro';
import { createSession, validateSession, type SessionUser } from '../../src/server/auth/sessions.ts';
import type { Sql } from '../../src/server/db/client.ts';
import { createUser } from '../factories/index.ts';

export interface RouteCall {
  method: string;
  /** A path on the test site, e.g. '/api/admin/users?q=pat'. */
  path: string;
  user: SessionUser | null;
  params?: Record<string, string>;
  /** Sent as JSON when given. */
  body?: unknown;
  clientAddress?: string;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function apiContext({
  method,
  path,
  user,
  params = {},
  body,
  clientAddress = '203.0.113.9',
  headers = {},
}: RouteCall): APIContext {
  const url = new URL(path, 'http://127.0.0.1:4321');
  const request = new Request(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return {
    request,
    url,
    params,
    locals: { user, site: { origin: url.origin, secure: false, clientAddress } },
    clientAddress,
    cookies: cookieJar(),
  } as unknown as APIContext;
}

/** What a route reads and sets of Astro's cookies: nothing comes in; what it sets is listed. */
function cookieJar() {
  const set: string[] = [];
  return {
    get: () => undefined,
    set: (name: string) => void set.push(name),
    delete: (name: string) => void set.push(name),
    *headers() {
      yield* set.map((name) => `${name}=`);
    },
  };
}

/** A new user with `roles`, signed in: the session user the middleware would hand a route. */
export async function signedInUser(sql: Sql, roles: ('contractor' | 'admin')[] = []): Promise<SessionUser> {
  const row = await createUser(sql, { roles });
  return (await validateSession(sql, (await createSession(sql, row.id)).token))!;
}

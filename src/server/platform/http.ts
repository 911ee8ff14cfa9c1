// Small helpers for the on-demand routes: JSON bodies with a size cap, the session cookie,
// and the request facts the auth use-cases record.
import type { APIContext, AstroCookies } from 'astro';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { MAX_JSON_BYTES, TOO_LARGE } from './security/body-limits.ts';
import type { RequestSite } from './security/request-site.ts';

/**
 * The body's bytes, refused with 413 (`message`) past `maxBytes`: up front by Content-Length,
 * and while reading, whatever Content-Length says (a chunked body declares none).
 */
export async function readBody(request: Request, maxBytes: number, message = TOO_LARGE): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', message);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const };
    if (chunk.done) break;
    size += chunk.value.length;
    if (size > maxBytes) {
      // Not awaited: a copy of a body (Request.clone) is only cancelled once its twin is too.
      reader?.cancel().catch(() => undefined);
      throw new AppError('PAYLOAD_TOO_LARGE', message);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

export interface JsonBodyOptions {
  /** Media types accepted as JSON (default application/json; CSP reports come as others). */
  types?: readonly string[];
  /** Largest body read, in bytes (default MAX_JSON_BYTES). */
  maxBytes?: number;
}

/** The request's JSON body checked against a schema (zod or zod/mini); 413/415/400 otherwise. */
export async function readJson<T extends z.core.$ZodType>(
  request: Request,
  schema: T,
  { types = ['application/json'], maxBytes = MAX_JSON_BYTES }: JsonBodyOptions = {},
): Promise<z.output<T>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase().split(';')[0]!.trim();
  if (!types.includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON');
  }
  const text = (await readBody(request, maxBytes)).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text, refuseObjectInternals);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'The request is not valid JSON');
  }
  return z.parse(schema, body);
}

/** The NUL character: PostgreSQL's text cannot hold it (a write or a query with one fails with
 * 22021, a 500), and no field of ours means it. The API fuzzing found it answered 500 by every
 * endpoint that stored or searched a string. */
const NUL = '\u0000';

/** Keys that name an object's own machinery rather than a field: no schema has such a field. */
const OBJECT_INTERNALS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON.parse's reviver, called for every key at any depth: a body naming an object's internals
 * is refused outright, so no code after the parse (a schema, a merge, a lookup by key) meets one;
 * so is a NUL character in any key or string.
 */
function refuseObjectInternals(key: string, value: unknown): unknown {
  if (OBJECT_INTERNALS.has(key)) {
    throw new AppError('BAD_REQUEST', `The request has a field that is not allowed: ${key}`);
  }
  if (key.includes(NUL) || (typeof value === 'string' && value.includes(NUL))) throw nulRefused();
  // A lone UTF-16 surrogate ("\udfff" in JSON) has no UTF-8 form: PostgreSQL refuses the bytes
  // it becomes (22021, a 500). The API fuzzing found it on the admin's article body.
  if (!key.isWellFormed() || (typeof value === 'string' && !value.isWellFormed())) throw nulRefused();
  return value;
}

function nulRefused(): AppError {
  return new AppError('BAD_REQUEST', 'The request has a character that is not allowed');
}

/** Refuses (400) a query string with a NUL in a name or a value, before a schema reads it. */
export function refuseNulInQuery(params: URLSearchParams): void {
  for (const [name, value] of params) if (name.includes(NUL) || value.includes(NUL)) throw nulRefused();
}

/**
 * The client's address and user agent, as the auth use-cases and rate limits record them. The
 * address is the one the middleware settled (the socket's, or a trusted proxy's forwarded one),
 * never an X-Forwarded-For a client wrote itself.
 */
export function requestMeta(context: Pick<APIContext, 'request' | 'clientAddress' | 'locals'>): {
  ip: string | null;
  userAgent: string | null;
} {
  let ip = context.locals.site.clientAddress;
  if (!ip) {
    try {
      ip = context.clientAddress;
    } catch {
      ip = null;
    }
  }
  return { ip, userAgent: context.request.headers.get('user-agent') };
}

/**
 * The session cookie is `__Host-session` (HttpOnly, Secure, SameSite=Lax, path /, no domain)
 * wherever the site is served over HTTPS, which the configuration (SITE_URL), the socket or a
 * trusted proxy says, never the request URL: behind a TLS proxy the server itself is reached
 * over plain http. Browsers refuse Secure cookies from plain http origins other than localhost,
 * so local http serving (npm start, tests on 127.0.0.1) uses `session` minus Secure.
 */
export function sessionCookieName(site: Pick<RequestSite, 'secure'>): string {
  return site.secure ? '__Host-session' : 'session';
}

/** A readable hint (no secret) that lets prebuilt pages show the account menu. */
const SIGNED_IN_HINT = 'signed_in';

/** What the cookie helpers need of an endpoint's context (or of `Astro` in a page). */
type CookieContext = { cookies: AstroCookies; locals: Pick<App.Locals, 'site'> };

export function setSessionCookie({ cookies, locals }: CookieContext, token: string, expires: Date): void {
  const { secure } = locals.site;
  cookies.set(sessionCookieName(locals.site), token, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    expires,
  });
  cookies.set(SIGNED_IN_HINT, '1', { httpOnly: false, secure, sameSite: 'lax', path: '/', expires });
}

export function clearSessionCookie({ cookies, locals }: CookieContext): void {
  const { secure } = locals.site;
  cookies.delete(sessionCookieName(locals.site), { path: '/', secure, httpOnly: true, sameSite: 'lax' });
  cookies.delete(SIGNED_IN_HINT, { path: '/', secure, sameSite: 'lax' });
}

/**
 * The device cookie (src/server/accounts/auth/trusted-devices.ts): named and secured like the session
 * cookie, but long-lived and kept at sign-out, since it is what lets the owner back in while
 * someone else's failures lock the e-mail.
 */
export function deviceCookieName(site: Pick<RequestSite, 'secure'>): string {
  return site.secure ? '__Host-device' : 'device';
}

export function setDeviceCookie({ cookies, locals }: CookieContext, token: string, expires: Date): void {
  const { secure } = locals.site;
  cookies.set(deviceCookieName(locals.site), token, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    expires,
  });
}

/**
 * The second step of a sign-in (src/server/accounts/auth/second-factor/pending-sign-in.ts): a short-lived
 * cookie that binds the half-done sign-in to this browser.
 */
export function pendingSignInCookieName(site: Pick<RequestSite, 'secure'>): string {
  return site.secure ? '__Host-sign_in_step' : 'sign_in_step';
}

export function setPendingSignInCookie(
  { cookies, locals }: CookieContext,
  token: string,
  expires: Date,
): void {
  const { secure } = locals.site;
  cookies.set(pendingSignInCookieName(locals.site), token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/',
    expires,
  });
}

export function clearPendingSignInCookie({ cookies, locals }: CookieContext): void {
  const { secure } = locals.site;
  cookies.delete(pendingSignInCookieName(locals.site), {
    path: '/',
    secure,
    httpOnly: true,
    sameSite: 'strict',
  });
}

/** No caching anywhere for answers that depend on who is asking. */
export const PRIVATE = { 'cache-control': 'private, no-store' } as const;

/**
 * An answer that is the same for everyone: browsers check back each time, Netlify's CDN keeps it
 * for `seconds` and may serve it `staleSeconds` longer while it fetches a fresh one.
 */
export function publicCache(seconds: number, staleSeconds: number): Record<string, string> {
  return {
    'cache-control': 'public, max-age=0, must-revalidate',
    'netlify-cdn-cache-control': `public, s-maxage=${seconds}, stale-while-revalidate=${staleSeconds}`,
  };
}

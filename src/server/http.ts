// Small helpers for the on-demand routes: JSON bodies with a size cap, the session cookie,
// and the request facts the auth use-cases record.
import type { APIContext, AstroCookies } from 'astro';
import { z } from 'zod';
import { AppError } from './errors.ts';

const MAX_JSON_BYTES = 16 * 1024;
const TOO_LARGE = 'The request is too large';

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
  for await (const chunk of request.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', message);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request's JSON body checked against a schema (zod or zod/mini); 413/415/400 otherwise. */
export async function readJson<T extends z.core.$ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON');
  }
  const text = (await readBody(request, MAX_JSON_BYTES)).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text, refuseObjectInternals);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'The request is not valid JSON');
  }
  return z.parse(schema, body);
}

/** Keys that name an object's own machinery rather than a field: no schema has such a field. */
const OBJECT_INTERNALS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON.parse's reviver, called for every key at any depth: a body naming an object's internals
 * is refused outright, so no code after the parse (a schema, a merge, a lookup by key) meets one.
 */
function refuseObjectInternals(key: string, value: unknown): unknown {
  if (OBJECT_INTERNALS.has(key)) {
    throw new AppError('BAD_REQUEST', `The request has a field that is not allowed: ${key}`);
  }
  return value;
}

export function requestMeta(context: Pick<APIContext, 'request' | 'clientAddress'>): {
  ip: string | null;
  userAgent: string | null;
} {
  let ip: string | null;
  try {
    ip = context.clientAddress;
  } catch {
    ip = null;
  }
  return { ip, userAgent: context.request.headers.get('user-agent') };
}

/**
 * The session cookie is `__Host-session` (HttpOnly, Secure, SameSite=Lax, path /, no domain)
 * wherever the site is served over HTTPS. Browsers refuse Secure cookies from plain http
 * origins other than localhost, so local http serving (npm start, tests on 127.0.0.1) uses
 * `session` with the same attributes minus Secure.
 */
export function sessionCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-session' : 'session';
}

/** A readable hint (no secret) that lets prebuilt pages show the account menu. */
export const SIGNED_IN_HINT = 'signed_in';

export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, expires: Date): void {
  const secure = url.protocol === 'https:';
  cookies.set(sessionCookieName(url), token, { httpOnly: true, secure, sameSite: 'lax', path: '/', expires });
  cookies.set(SIGNED_IN_HINT, '1', { httpOnly: false, secure, sameSite: 'lax', path: '/', expires });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL): void {
  const secure = url.protocol === 'https:';
  cookies.delete(sessionCookieName(url), { path: '/', secure, httpOnly: true, sameSite: 'lax' });
  cookies.delete(SIGNED_IN_HINT, { path: '/', secure, sameSite: 'lax' });
}

/**
 * The device cookie (src/server/auth/trusted-devices.ts): named and secured like the session
 * cookie, but long-lived and kept at sign-out, since it is what lets the owner back in while
 * someone else's failures lock the e-mail.
 */
export function deviceCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-device' : 'device';
}

export function setDeviceCookie(cookies: AstroCookies, url: URL, token: string, expires: Date): void {
  const secure = url.protocol === 'https:';
  cookies.set(deviceCookieName(url), token, { httpOnly: true, secure, sameSite: 'lax', path: '/', expires });
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

// The one wrapper every endpoint under src/pages/api goes through: who may call it, its JSON
// body and query string checked against schemas, errors answered in one shape (AppError codes,
// zod errors as 400 with field messages, anything else a logged 500 naming only a request id),
// and no caching unless the route says otherwise.
import { randomUUID } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { apiDenial } from '../../domain/guards.ts';
import { searchParamsToObject } from '../../schemas/search.ts';
import type { SessionUser } from './security/sessions.ts';
import { AppError, errorResponse } from './errors.ts';
import { db } from './db/client.ts';
import { PRIVATE, readJson, refuseNulInQuery } from './http.ts';
import { withRequestId } from './log.ts';
import { bodyLimit } from './security/body-limits.ts';
import {
  claimRequestKey,
  formFingerprint,
  releaseRequestKey,
  requestKeyOf,
  requestKeySeen,
  settleRequestKey,
  type RequestKeyClaim,
} from './security/request-keys.ts';

/** Who may call an endpoint. The middleware guards /api/account, /api/contractor and /api/admin
 * by path too; the wrapper checks again, so a handler can rely on its user. */
export type Access = 'none' | 'user' | 'contractor' | 'admin';

type Schema = z.core.$ZodType;

/** Longest query string an endpoint reads unless it says otherwise, in characters. */
export const MAX_QUERY_STRING = 2048;

export interface RouteOptions<A extends Access, B extends Schema | undefined, Q extends Schema | undefined> {
  auth: A;
  /** The JSON body's schema (415 if not JSON, 413 past the route's body allowance, 400 if
   * invalid). Without one the body is not read, so a handler may read the raw request itself
   * (multipart). */
  body?: B;
  /** Media types the JSON body may come as (default application/json). */
  bodyTypes?: readonly string[];
  /** The query string's schema, given its parameters as an object (the last of a repeated one). */
  query?: Q;
  /** Longest query string accepted (default MAX_QUERY_STRING); longer is a 400. */
  maxQuery?: number;
  /**
   * false: a write repeated with the same Idempotency-Key runs again rather than getting its
   * first answer back (answers holding a short-lived link to a payment page, or a secret such as
   * an authenticator key or recovery codes: not to be kept in request_keys).
   */
  keyed?: false;
  /** Headers of a successful answer, where the handler set none (default: private, no-store). */
  headers?: Record<string, string>;
}

export interface RouteInput<A extends Access, B extends Schema | undefined, Q extends Schema | undefined> {
  context: APIContext;
  /** Signed in (and with the role) unless the route's access is 'none'. */
  user: A extends 'none' ? SessionUser | null : SessionUser;
  body: B extends Schema ? z.output<B> : undefined;
  query: Q extends Schema ? z.output<Q> : undefined;
  /** Names this request in the log and in a 500's answer. */
  requestId: string;
  /**
   * An upload's handler (multipart, read by the handler itself) calls this with the form it read,
   * after its own checks (rate limit, ownership), around the work the form asks for: under an
   * Idempotency-Key, a repeat of the same fields and files gets the first answer (keyedOnce).
   */
  once: (form: FormData, run: () => Promise<Response>) => Promise<Response>;
  /**
   * Runs `check` (an upload's hourly limit) unless this request is a resend of one already
   * claimed under its Idempotency-Key: a resend after a lost answer gets the first answer from
   * once(), and must not use up the limit or be refused by it.
   */
  unlessRepeat: (check: () => Promise<void>) => Promise<void>;
}

export function route<
  A extends Access,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  options: RouteOptions<A, B, Q>,
  handler: (input: RouteInput<A, B, Q>) => Response | Promise<Response>,
): APIRoute {
  return (context) => {
    const requestId = randomUUID();
    // Every line logged while serving it names the request (src/server/platform/log.ts).
    return withRequestId(requestId, async () => {
      const { request, url } = context;
      try {
        const user = context.locals.user;
        if (options.auth !== 'none') {
          const denial = apiDenial(options.auth, user);
          if (denial) {
            const code = denial.code ?? (denial.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
            throw new AppError(code, denial.message);
          }
        }
        if (url.search.length > (options.maxQuery ?? MAX_QUERY_STRING)) {
          throw new AppError('BAD_REQUEST', 'The query string is too long');
        }
        refuseNulInQuery(url.searchParams);
        const query = options.query
          ? z.parse(options.query, searchParamsToObject(url.searchParams))
          : undefined;
        const body = options.body
          ? await readJson(request, options.body, {
              maxBytes: bodyLimit(url.pathname),
              ...(options.bodyTypes ? { types: options.bodyTypes } : {}),
            })
          : undefined;
        // A check unlessRepeat skipped for a resend is run after all if once() finds no first
        // answer to give back (the first try failed and let its key go meanwhile).
        let skipped: (() => Promise<void>) | null = null;
        const once = (form: FormData, run: () => Promise<Response>) =>
          keyedOnce(options, context, user, form, async () => {
            if (skipped) await skipped();
            return run();
          });
        const unlessRepeat = async (check: () => Promise<void>) => {
          if (await isRepeat(options, context, user)) skipped = check;
          else await check();
        };
        const input = { context, user, body, query, requestId, once, unlessRepeat } as RouteInput<A, B, Q>;
        // An upload's handler claims its key itself (once), after its checks: nothing of the body
        // is read, copied or hashed for a caller who may not upload at all. A multipart route
        // that never calls once() runs unkeyed: every upload route must call it.
        const uploads = options.body === undefined && isMultipart(request);
        const response = uploads
          ? await handler(input)
          : await keyedOnce(options, context, user, body, () => handler(input));
        return withDefaults(response, options.headers ?? PRIVATE, requestId);
      } catch (error) {
        const where = `${request.method} ${url.pathname}`;
        return withDefaults(errorResponse(error, { headers: PRIVATE, requestId, where }), PRIVATE, requestId);
      }
    });
  };
}

/**
 * Runs the handler once per Idempotency-Key (src/server/platform/security/request-keys.ts): a write the
 * islands send again after a lost connection is answered with its first answer when the first
 * did reach us, an upload included (one stored photo per key and user, by its fields and files).
 * Writes without a key, reads, other raw bodies (a webhook, a page's form) and routes that opt
 * out run as they come.
 */
async function keyedOnce<A extends Access, B extends Schema | undefined, Q extends Schema | undefined>(
  options: RouteOptions<A, B, Q>,
  context: APIContext,
  user: SessionUser | null | undefined,
  body: unknown,
  run: () => Response | Promise<Response>,
): Promise<Response> {
  // A raw body (no schema) is not read here, so one could not be told from another: such writes
  // run as they come, but for an upload, whose handler passes the form it read (once).
  const upload = body instanceof FormData;
  if (options.body === undefined && context.request.headers.has('content-type') && !upload) return run();
  const target = keyTarget(options, context, user);
  if (target === null) return run();
  const claimed = await claimRequestKey(db(), {
    ...target,
    body: upload ? await formFingerprint(body) : body,
  });
  if ('replay' in claimed) return claimed.replay;
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    // Unreleased (the database gone too), the claim counts as abandoned after two minutes.
    await releaseRequestKey(db(), claimed.claim).catch(() => undefined);
    throw error;
  }
  const setsCookie = [...context.cookies.headers()].length > 0;
  return settleRequestKey(db(), claimed.claim, response, { setsCookie });
}

/** Whether this write carries an Idempotency-Key already claimed for it (see keyedOnce). */
async function isRepeat<A extends Access, B extends Schema | undefined, Q extends Schema | undefined>(
  options: RouteOptions<A, B, Q>,
  context: APIContext,
  user: SessionUser | null | undefined,
): Promise<boolean> {
  const target = keyTarget(options, context, user);
  return target !== null && requestKeySeen(db(), target);
}

/**
 * What a write's Idempotency-Key is claimed under: its user (or 'anonymous'), the key, the method
 * and the path with its query. Null for a read, a route that opts out, or a request without a key
 * (a malformed key is a 400).
 */
function keyTarget<A extends Access, B extends Schema | undefined, Q extends Schema | undefined>(
  options: RouteOptions<A, B, Q>,
  { request, url }: APIContext,
  user: SessionUser | null | undefined,
): (RequestKeyClaim & { method: string; path: string }) | null {
  if (request.method === 'GET' || request.method === 'HEAD' || options.keyed === false) return null;
  const key = requestKeyOf(request);
  if (key === null) return null;
  return { owner: user?.id ?? 'anonymous', key, method: request.method, path: url.pathname + url.search };
}

const isMultipart = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * The route's headers where the handler set none, and the request id, except on an answer a
 * CDN may keep: every visitor would be handed the id of the request that filled the cache.
 */
function withDefaults(response: Response, defaults: Record<string, string>, requestId: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(defaults)) if (!headers.has(name)) headers.set(name, value);
  if (!/\bpublic\b/.test(headers.get('cache-control') ?? '')) headers.set('x-request-id', requestId);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// One error type for the server: AppError with a code; one map from code to HTTP status.
// zod errors become 400 with field messages; anything else is a 500 that leaks nothing and
// is logged with a request id, except the database being unreachable (stopped, restarting): a
// 503 with Retry-After, so clients wait and try again. Endpoints get this through
// src/server/platform/route.ts.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './db/unavailable.ts';
import { currentRequestId, log } from './log.ts';

const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** A sensitive change whose session last proved the password too long ago (session-rules.ts). */
  REAUTH_REQUIRED: 403,
  /** An admin route, and the session has no second factor (src/domain/guards.ts). */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The first try of a keyed request still runs (src/server/platform/security/request-keys.ts). */
  IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly extra?: { retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The HTTP status an AppError is answered with. */
export function errorStatus(error: AppError): number {
  return ERROR_STATUS[error.code];
}

interface ErrorBody {
  error: string;
  code: ErrorCode | 'INTERNAL';
  fields?: Record<string, string[]>;
  requestId?: string;
}

export const INTERNAL_MESSAGE = 'An unexpected error occurred. Please try again.';

/**
 * Whether `error` is a zod validation error. Schemas of classic `zod` and of `zod/mini` throw
 * different classes (a mini schema's error is not a classic ZodError), but both are core
 * `$ZodError`s.
 */
function isZodError(error: unknown): error is z.core.$ZodError {
  return error instanceof z.core.$ZodError;
}

/**
 * Field messages of a zod error, keyed by the field's path ("distance", "lat"). The keys come
 * from the request ("__proto__", "constructor"), so they are gathered in a Map: a plain object
 * would hand back Object.prototype's members for them instead of an empty list.
 */
export function fieldMessages(error: z.core.$ZodError): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '_');
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}` : issue.message;
    const messages = fields.get(key) ?? [];
    messages.push(message);
    fields.set(key, messages);
  }
  // fromEntries defines each key as the object's own property, "__proto__" included.
  return Object.fromEntries(fields);
}

/**
 * The answer for a thrown error. An unknown one is logged with `requestId` (and where it
 * happened) and answered with that id only, so a report can be matched to the log.
 */
export function errorResponse(
  error: unknown,
  options: { headers?: Record<string, string>; requestId?: string; where?: string } = {},
): Response {
  let status: number;
  let body: ErrorBody;
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...options.headers };
  if (isZodError(error)) {
    const fields = fieldMessages(error);
    status = 400;
    body = { error: Object.values(fields).flat()[0] ?? 'Invalid request', code: 'BAD_REQUEST', fields };
  } else if (error instanceof AppError) {
    status = errorStatus(error);
    body = { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
    if (error.extra?.retryAfterSeconds !== undefined) {
      headers['retry-after'] = String(error.extra.retryAfterSeconds);
    }
  } else if (isDatabaseUnavailable(error)) {
    log().warn({ where: options.where, reason: (error as Error).message }, 'database unavailable');
    status = 503;
    body = { error: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' };
    headers['retry-after'] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
  } else {
    const requestId = options.requestId ?? randomUUID();
    // Inside route() the logger names the request already.
    const named = requestId === currentRequestId() ? {} : { requestId };
    log().error({ ...named, where: options.where, err: error }, 'request failed');
    status = 500;
    body = { error: INTERNAL_MESSAGE, code: 'INTERNAL', requestId };
  }
  return Response.json(body, { status, headers });
}

// One error type for the server: AppError with a code; one map from code to HTTP status.
// zod errors become 400 with field messages; anything else is a 500 that leaks nothing and
// is logged with a request id.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
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

export interface ErrorBody {
  error: string;
  code: ErrorCode | 'INTERNAL';
  fields?: Record<string, string[]>;
  requestId?: string;
}

/** Field messages of a zod error, keyed by the field's path ("distance", "lat"). */
export function fieldMessages(error: z.core.$ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '_');
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}` : issue.message;
    (fields[key] ??= []).push(message);
  }
  return fields;
}

export function errorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  let status: number;
  let body: ErrorBody;
  // Errors of both zod and zod/mini schemas (the shared schemas are mini) are core ZodErrors.
  if (error instanceof z.core.$ZodError) {
    const fields = fieldMessages(error);
    status = 400;
    body = { error: Object.values(fields).flat()[0] ?? 'Invalid request', code: 'BAD_REQUEST', fields };
  } else if (error instanceof AppError) {
    status = ERROR_STATUS[error.code];
    body = { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
    if (error.extra?.retryAfterSeconds !== undefined) {
      headers = { ...headers, 'retry-after': String(error.extra.retryAfterSeconds) };
    }
  } else {
    const requestId = randomUUID();
    console.error(`[${requestId}]`, error);
    status = 500;
    body = { error: 'An unexpected error occurred. Please try again.', code: 'INTERNAL', requestId };
  }
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

// Attempts at sign-in, sign-up and reset, limited per e-mail and per client address, and checks of
// a signed-in user's current password, limited per user; all counted before any password is
// checked (so refused attempts cost no argon2 time).
import { addressKey } from '../../../domain/client-address.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { MESSAGES } from './account-messages.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';

/** Spec: 5 attempts per e-mail and mode per 300000 ms. */
export const AUTH_ATTEMPTS = 5;
export const AUTH_WINDOW_MINUTES = 5;
/** Against credential stuffing: attempts from one address across all e-mails. */
export const AUTH_ATTEMPTS_PER_IP = 30;

/** Where a request came from: recorded with sessions, and the key of the per-address limit. */
export interface RequestMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** The device cookie's token as the browser sent it (sign-in only: limit-sign-in.ts). */
  device?: string | null;
  /** The signup cookie's value (sign-in only): a fresh verification link signs in that browser. */
  signupBrowser?: string | null;
}

/** Spec: 5 attempts per e-mail and mode per 5 minutes; then the client address's own limit. */
export async function limitAttempts(sql: Sql, email: string, mode: string, meta: RequestMeta): Promise<void> {
  const perEmail = await checkRateLimit(sql, email, `auth:${mode}`, AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES);
  if (!perEmail.allowed) throw tooManyAttempts(perEmail.retryAfterSeconds);
  await limitAddress(sql, meta);
}

export async function limitAddress(sql: Sql, meta: RequestMeta): Promise<void> {
  if (!meta.ip) return;
  const perIp = await checkRateLimit(
    sql,
    addressKey(meta.ip),
    'auth:ip',
    AUTH_ATTEMPTS_PER_IP,
    AUTH_WINDOW_MINUTES,
  );
  if (!perIp.allowed) throw tooManyAttempts(perIp.retryAfterSeconds);
}

/**
 * Checks of a signed-in user's current password (Security: change password): the sign-in limit,
 * per user, so a stolen session cannot guess the password it would need to take the account.
 */
export async function limitPasswordChecks(sql: Sql, userId: string): Promise<void> {
  const perUser = await checkRateLimit(sql, userId, 'account:password', AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES);
  if (!perUser.allowed) throw tooManyAttempts(perUser.retryAfterSeconds);
}

/** The spec's 'Too Many Attempts — Please wait before trying again.' (the island adds the title). */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts, undefined, { retryAfterSeconds });
}

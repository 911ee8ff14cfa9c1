// Sign-in attempts, counted before the password is checked. The spec's 5 attempts per e-mail per
// 5 minutes hold for unknown clients; they must not let a stranger lock the owner out, so two
// kinds of client may go on trying while the e-mail is locked (docs/decisions.md):
// - a trusted device (a browser that signed in to this account before: trusted-devices.ts),
//   within its own limit of 5 failures per 5 minutes, past which its cookie counts for nothing;
// - a client address that has not failed for this e-mail in the window.
// The limit of 30 attempts per address across e-mails applies to everyone.
import { addressKey } from '../../../domain/client-address.ts';
import type { Sql } from '../../platform/db/client.ts';
import {
  AUTH_ATTEMPTS,
  AUTH_WINDOW_MINUTES,
  limitAddress,
  tooManyAttempts,
  type RequestMeta,
} from './limit-attempts.ts';
import { checkRateLimit, resetRateLimit } from '../../platform/security/rate-limit.ts';

const PER_EMAIL = 'auth:signin';
const PER_DEVICE = 'auth:signin:device';
/** Keyed by e-mail and address: attempts from that address not yet followed by a success. */
const PER_EMAIL_AND_ADDRESS = 'auth:signin:address';

export interface SignInAttempt {
  /** The password was right: the device and the address start again from no failures. */
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt at signing in to `email` (every count, whichever lets it through, so a
 * device's or an address's failures also lock the e-mail for unknown clients), or refuses it
 * with 429. `trustedDevice` is the device cookie's hash when it was earned for this e-mail's
 * account, else null.
 */
export async function limitSignIn(
  sql: Sql,
  email: string,
  meta: RequestMeta,
  trustedDevice: string | null,
): Promise<SignInAttempt> {
  await limitAddress(sql, meta);
  const perDevice = trustedDevice
    ? await checkRateLimit(sql, trustedDevice, PER_DEVICE, AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES)
    : null;
  const perEmail = await checkRateLimit(sql, email, PER_EMAIL, AUTH_ATTEMPTS, AUTH_WINDOW_MINUTES);
  // Allowed only as the first unresolved attempt from this address: a second one in flight, or
  // one after a failure, is not (the counter's row lock makes concurrent attempts take turns).
  const pair = meta.ip ? `${email} ${addressKey(meta.ip)}` : null;
  const perAddress = pair
    ? await checkRateLimit(sql, pair, PER_EMAIL_AND_ADDRESS, 1, AUTH_WINDOW_MINUTES)
    : null;
  if (!perDevice?.allowed && !perEmail.allowed && !perAddress?.allowed) {
    throw tooManyAttempts(perEmail.retryAfterSeconds);
  }
  return {
    async succeeded() {
      if (trustedDevice) await resetRateLimit(sql, trustedDevice, PER_DEVICE);
      if (pair) await resetRateLimit(sql, pair, PER_EMAIL_AND_ADDRESS);
    },
  };
}

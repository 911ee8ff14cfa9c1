// Authenticator-app codes (RFC 6238 through otpauth): 6 digits, 30-second steps, SHA-1 (what
// every app supports), one step of drift either way. A code is accepted once: the step it
// belongs to must be later than the last accepted one (stored per account).
import { Secret, TOTP } from 'otpauth';
import type { Sql } from '../../../platform/db/client.ts';
import { openSecret } from './secret-box.ts';

export const TOTP_ISSUER = 'Dayton Contractors';
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Codes from the step before and after the current one count too (clock drift, typing time). */
const WINDOW = 1;

export function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The code's 30-second step when it is right for `secret` now (within the window), else null. */
export function stepOfCode(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The current code for a secret (the demo admin's `npm run demo:code`, tests). */
export function currentTotpCode(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

export type TotpCheck = 'ok' | 'wrong' | 'reused' | 'none';

/**
 * Checks a code against the user's confirmed authenticator app and, when right, records its
 * step in the same statement that checks it is new, so two requests with one code cannot both
 * pass.
 */
export async function useTotpCode(sql: Sql, userId: string, code: string): Promise<TotpCheck> {
  const [row] = await sql<{ secret_enc: string | null }[]>`
    select secret_enc from user_totp where user_id = ${userId}`;
  const secret = row?.secret_enc ? openSecret(row.secret_enc) : null;
  if (!secret) return 'none';
  const step = stepOfCode(secret, code);
  if (step === null) return 'wrong';
  const taken = await sql`
    update user_totp set last_step = ${step}
    where user_id = ${userId} and secret_enc = ${row!.secret_enc} and (last_step is null or last_step < ${step})
    returning 1`;
  return taken.length ? 'ok' : 'reused';
}

// Trusted devices (OWASP's device cookie): a browser that signed in to an account with its
// password keeps a random token in a long-lived cookie, and may go on trying that account's
// password while the e-mail is locked by someone else's failures. Only the token's SHA-256 is
// stored, with the account it was earned for.
import type { Sql } from '../../platform/db/client.ts';
import { hashToken, newToken } from '../../platform/security/tokens.ts';

/** How long a browser stays trusted after its last password sign-in. */
const DEVICE_DAYS = 365;

/** The stored form of a device cookie's token; null for anything that is not one of ours. */
export function deviceHash(token: string | null | undefined): string | null {
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? hashToken(token) : null;
}

/**
 * A new device token for a browser that just signed in to `userId`. The token it presented
 * before (if any) is dropped: the cookie is replaced, so the browser no longer holds it.
 */
export async function rememberDevice(
  sql: Sql,
  userId: string,
  previousHash: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  if (previousHash) await sql`delete from trusted_devices where token_hash = ${previousHash}`;
  const [row] = await sql<{ expires_at: Date }[]>`
    insert into trusted_devices (token_hash, user_id, expires_at)
    values (${hashToken(token)}, ${userId}, now() + make_interval(days => ${DEVICE_DAYS}))
    returning expires_at`;
  return { token, expiresAt: row!.expires_at };
}

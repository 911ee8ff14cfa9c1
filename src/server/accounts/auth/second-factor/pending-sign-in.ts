// The half-done sign-in between a right password and the second step: a random token in a
// short-lived cookie (bound to that browser), its SHA-256 as the row id. Single-use: finishing
// deletes it; it ends after PENDING_MINUTES or PENDING_ATTEMPTS wrong codes.
import type { Db, Sql } from '../../../platform/db/client.ts';
import { hashToken, newToken } from '../../../platform/security/tokens.ts';

const PENDING_MINUTES = 5;
export const PENDING_ATTEMPTS = 5;

export async function startPendingSignIn(
  sql: Sql,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  // One half-done sign-in per account at a time: a new password sign-in replaces the last.
  await sql`delete from pending_sign_ins where user_id = ${userId} or expires_at <= now()`;
  const [row] = await sql<{ expires_at: Date }[]>`
    insert into pending_sign_ins (id, user_id, expires_at)
    values (${hashToken(token)}, ${userId}, now() + make_interval(mins => ${PENDING_MINUTES}))
    returning expires_at`;
  return { token, expiresAt: row!.expires_at };
}

/**
 * Counts one attempt at the second step of the pending sign-in `token`: its user, or null when
 * there is none (unknown, expired, used, or out of attempts).
 */
export async function attemptPendingSignIn(
  sql: Sql,
  token: string,
): Promise<{ id: string; userId: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = hashToken(token);
  const [row] = await sql<{ user_id: string }[]>`
    update pending_sign_ins set attempts = attempts + 1
    where id = ${id} and expires_at > now() and attempts < ${PENDING_ATTEMPTS}
    returning user_id`;
  return row ? { id, userId: row.user_id } : null;
}

/** Ends the pending sign-in; false when another request finished it first. */
export async function finishPendingSignIn(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`delete from pending_sign_ins where id = ${id} returning 1`;
  return rows.length > 0;
}

/** The user of a live pending sign-in (without counting an attempt), or null. */
export async function pendingUser(sql: Sql, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from pending_sign_ins
    where id = ${hashToken(token)} and expires_at > now() and attempts < ${PENDING_ATTEMPTS}`;
  return row?.user_id ?? null;
}

/** Ends every half-done sign-in of the account (its password or address changed, or was reset). */
export async function endPendingSignIns(sql: Db, userId: string): Promise<void> {
  await sql`delete from pending_sign_ins where user_id = ${userId}`;
}

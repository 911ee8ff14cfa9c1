// Sessions: a random 256-bit token in the cookie, its SHA-256 as the row id. The idle expiry
// slides forward on use (at most once a minute, to keep the check to one read); the absolute
// expiry never moves. Signing in always makes a new token (no fixation). An admin's session has
// shorter limits, applied by the user's roles at each lookup (src/domain/session-rules.ts), so a
// role granted or revoked changes the limits of sessions that exist already.
import {
  ADMIN_SESSION_ABSOLUTE_HOURS,
  ADMIN_SESSION_IDLE_MINUTES,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_DAYS,
} from '../../../domain/session-rules.ts';
import type { Role } from '../../../domain/guards.ts';
import type { Db, Sql } from '../db/client.ts';
import { hashToken, newToken } from './tokens.ts';

export { SESSION_ABSOLUTE_DAYS };
const SLIDE_AFTER_SECONDS = 60;

/**
 * When the session `s` ends: its stored idle and absolute expiry, and for an admin also 30
 * minutes after its last recorded use and 12 hours after it began (LEAST ignores the NULL a
 * non-admin's CASE gives).
 */
function endsAt(sql: Sql) {
  return sql`least(s.expires_at, s.absolute_expires_at,
    case when exists (select 1 from user_roles r where r.user_id = s.user_id and r.role = 'admin')
         then least(s.last_seen_at + make_interval(mins => ${ADMIN_SESSION_IDLE_MINUTES}),
                    s.created_at + make_interval(hours => ${ADMIN_SESSION_ABSOLUTE_HOURS})) end)`;
}

export interface SessionUser {
  sessionId: string;
  id: string;
  email: string;
  fullName: string | null;
  roles: Role[];
  expiresAt: Date;
  /** When the user last proved who they are in this session (sign-in, or re-authentication). */
  authenticatedAt: Date;
  /**
   * The account's second factor (issue 26): whether it has one enrolled, and whether this session
   * proved one (signed in with it, or checked it since: record-second-factor-proof.ts).
   */
  secondFactor: { enrolled: boolean; proved: boolean; provedAt: Date | null };
}

export async function createSession(
  sql: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  options: { secondFactor?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const [row] = await sql<{ expires_at: Date }[]>`
    insert into sessions (id, user_id, expires_at, absolute_expires_at, user_agent, ip, second_factor_at)
    values (${hashToken(token)}, ${userId},
            now() + make_interval(days => ${SESSION_IDLE_DAYS}),
            now() + make_interval(days => ${SESSION_ABSOLUTE_DAYS}),
            ${meta.userAgent?.slice(0, 300) ?? null}, ${meta.ip?.slice(0, 64) ?? null},
            case when ${options.secondFactor === true} then now() end)
    returning expires_at`;
  return { token, expiresAt: row!.expires_at };
}

/** The signed-in user of a session token, or null when it is unknown, expired or deleted. */
export async function validateSession(sql: Sql, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = hashToken(token);
  const [row] = await sql<
    {
      user_id: string;
      email: string;
      full_name: string | null;
      roles: Role[];
      ends_at: Date;
      authenticated_at: Date;
      stale: boolean;
      second_factor_at: Date | null;
      factor_enrolled: boolean;
    }[]
  >`
    select s.user_id, u.email, u.full_name, ${endsAt(sql)} as ends_at, s.authenticated_at, s.second_factor_at,
           (exists (select 1 from user_totp t where t.user_id = u.id and t.secret_enc is not null)
            or exists (select 1 from user_passkeys p where p.user_id = u.id)) as factor_enrolled,
           coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles,
           s.last_seen_at < now() - make_interval(secs => ${SLIDE_AFTER_SECONDS}) as stale
    from sessions s join users u on u.id = s.user_id
    where s.id = ${id} and ${endsAt(sql)} > now() and u.disabled_at is null`;
  if (!row) return null;
  let expiresAt = row.ends_at;
  if (row.stale) {
    const [slid] = await sql<{ ends_at: Date }[]>`
      update sessions s set last_seen_at = now(),
        expires_at = least(now() + make_interval(days => ${SESSION_IDLE_DAYS}), absolute_expires_at)
      where id = ${id} returning ${endsAt(sql)} as ends_at`;
    expiresAt = slid?.ends_at ?? expiresAt;
  }
  return {
    sessionId: id,
    id: row.user_id,
    email: row.email,
    fullName: row.full_name,
    roles: row.roles,
    expiresAt,
    authenticatedAt: row.authenticated_at,
    secondFactor: {
      enrolled: row.factor_enrolled,
      proved: row.second_factor_at !== null,
      provedAt: row.second_factor_at,
    },
  };
}

export async function deleteSession(sql: Sql, sessionId: string): Promise<void> {
  await sql`delete from sessions where id = ${sessionId}`;
}

export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  current: boolean;
}

/** A user's live sessions, newest use first. Ids are shown as a short public handle. */
export async function listSessions(sql: Sql, userId: string, currentId: string): Promise<SessionSummary[]> {
  const rows = await sql<{ id: string; created_at: Date; last_seen_at: Date; user_agent: string | null }[]>`
    select id, created_at, last_seen_at, user_agent from sessions s
    where user_id = ${userId} and ${endsAt(sql)} > now()
    order by last_seen_at desc`;
  return rows.map((r) => ({
    id: publicSessionId(r.id),
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    userAgent: r.user_agent,
    current: r.id === currentId,
  }));
}

/** The handle a session is shown and ended by: a prefix of its hash, never the hash itself. */
function publicSessionId(id: string): string {
  return id.slice(0, 16);
}

/** Ends one of the user's other sessions by its handle; false when there is no such session. */
export async function endOtherSession(
  sql: Sql,
  userId: string,
  currentId: string,
  handle: string,
): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(handle)) return false;
  const rows = await sql`
    delete from sessions where user_id = ${userId} and id <> ${currentId} and left(id, 16) = ${handle}
    returning id`;
  return rows.length > 0;
}

/** Sessions past their end (by role), for the housekeeping job: how many were deleted. */
export async function purgeEndedSessions(sql: Sql): Promise<number> {
  const rows = await sql`delete from sessions s where ${endsAt(sql)} <= now() returning 1`;
  return rows.length;
}

export async function endOtherSessions(sql: Sql, userId: string, keepId: string | null): Promise<void> {
  await sql`delete from sessions where user_id = ${userId} and (${keepId}::text is null or id <> ${keepId})`;
}

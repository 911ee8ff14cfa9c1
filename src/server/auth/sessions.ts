// Sessions: a random 256-bit token in the cookie, its SHA-256 as the row id. The idle expiry
// slides forward on use (at most once a minute, to keep the check to one read); the absolute
// expiry never moves. Signing in always makes a new token (no fixation).
import type { Sql } from '../db/client.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_IDLE_DAYS = 7;
export const SESSION_ABSOLUTE_DAYS = 30;
const SLIDE_AFTER_SECONDS = 60;

export type Role = 'contractor' | 'admin';

export interface SessionUser {
  sessionId: string;
  id: string;
  email: string;
  fullName: string | null;
  roles: Role[];
  expiresAt: Date;
  /**
   * The account's second factor (issue 26): whether it has one enrolled, and whether this session
   * proved one (signed in with it, or checked it since: record-second-factor-proof.ts).
   */
  secondFactor: { enrolled: boolean; proved: boolean; provedAt: Date | null };
}

export async function createSession(
  sql: Sql,
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
      expires_at: Date;
      stale: boolean;
      second_factor_at: Date | null;
      factor_enrolled: boolean;
    }[]
  >`
    select s.user_id, u.email, u.full_name, s.expires_at, s.second_factor_at,
           (exists (select 1 from user_totp t where t.user_id = u.id and t.secret_enc is not null)
            or exists (select 1 from user_passkeys p where p.user_id = u.id)) as factor_enrolled,
           coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles,
           s.last_seen_at < now() - make_interval(secs => ${SLIDE_AFTER_SECONDS}) as stale
    from sessions s join users u on u.id = s.user_id
    where s.id = ${id} and s.expires_at > now() and s.absolute_expires_at > now()
      and u.disabled_at is null`;
  if (!row) return null;
  let expiresAt = row.expires_at;
  if (row.stale) {
    const [slid] = await sql<{ expires_at: Date }[]>`
      update sessions set last_seen_at = now(),
        expires_at = least(now() + make_interval(days => ${SESSION_IDLE_DAYS}), absolute_expires_at)
      where id = ${id} returning expires_at`;
    expiresAt = slid?.expires_at ?? expiresAt;
  }
  return {
    sessionId: id,
    id: row.user_id,
    email: row.email,
    fullName: row.full_name,
    roles: row.roles,
    expiresAt,
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
    select id, created_at, last_seen_at, user_agent from sessions
    where user_id = ${userId} and expires_at > now() and absolute_expires_at > now()
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
export function publicSessionId(id: string): string {
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

export async function endOtherSessions(sql: Sql, userId: string, keepId: string | null): Promise<void> {
  await sql`delete from sessions where user_id = ${userId} and (${keepId}::text is null or id <> ${keepId})`;
}

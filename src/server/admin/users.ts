// The admin users page: search accounts (by e-mail or name, keyset pages ordered by e-mail),
// grant and revoke roles, disable and enable an account. Every change is one transaction with
// its audit row (audited()); disabling deletes the account's sessions in it, so it is signed out
// everywhere at once.
import { ADMIN_MESSAGES, ADMIN_USERS_PAGE_SIZE, type GrantableRole } from '../../domain/admin-rules.ts';
import type { AdminUser, AdminUserPage } from '../../schemas/admin.ts';
import type { Sql, TransactionSql } from '../platform/db/client.ts';
import { cursorCodec, keysetPage } from '../platform/cursor.ts';
import { AppError } from '../platform/errors.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  roles: ('contractor' | 'admin')[];
  disabled_at: Date | null;
  created_at: Date;
}

const toUser = (r: UserRow): AdminUser => ({
  id: r.id,
  email: r.email,
  fullName: r.full_name,
  roles: r.roles,
  disabled: r.disabled_at !== null,
  createdAt: r.created_at.toISOString(),
});

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The list's keyset: the e-mail (unique). */
export const userListCursor = cursorCodec('admin-users', ['text']);

export async function listUsers(
  sql: Sql,
  options: { q?: string | undefined; cursor?: string | undefined; limit?: number } = {},
): Promise<AdminUserPage> {
  const limit = options.limit ?? ADMIN_USERS_PAGE_SIZE;
  const [after] = options.cursor ? userListCursor.read(options.cursor) : [null];
  const q = options.q?.trim().toLowerCase();
  const rows = await sql<UserRow[]>`
    select u.id, u.email, u.full_name, u.disabled_at, u.created_at,
           coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles
      from users u
     where true
       ${q ? sql`and (u.email like ${containsPattern(q)} or lower(u.full_name) like ${containsPattern(q)})` : sql``}
       ${after ? sql`and u.email > ${after}` : sql``}
     order by u.email
     limit ${limit + 1}`;
  const { page, nextCursor } = keysetPage(rows, limit, userListCursor, (r) => [r.email]);
  return {
    users: page.map(toUser),
    nextCursor,
  };
}

async function lockedUser(tx: TransactionSql, userId: string): Promise<UserRow> {
  const [row] = await tx<UserRow[]>`
    select u.id, u.email, u.full_name, u.disabled_at, u.created_at,
           coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles
      from users u where u.id = ${userId} for update`;
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
  return row;
}

/** Grants or revokes a role; an admin cannot revoke their own admin role. */
export async function changeRole(
  tx: TransactionSql,
  actor: AuditActor,
  userId: string,
  change: { role: GrantableRole; granted: boolean },
): Promise<AdminUser> {
  const user = await lockedUser(tx, userId);
  if (!change.granted && change.role === 'admin' && userId === actor.id) {
    throw new AppError('CONFLICT', ADMIN_MESSAGES.ownAdminRole);
  }
  const has = user.roles.includes(change.role);
  if (has === change.granted) return toUser(user);
  if (change.granted) {
    await tx`insert into user_roles (user_id, role) values (${userId}, ${change.role})`;
  } else {
    await tx`delete from user_roles where user_id = ${userId} and role = ${change.role}`;
  }
  const roles = change.granted
    ? [...user.roles, change.role].sort()
    : user.roles.filter((r) => r !== change.role);
  await audited(
    tx,
    actor,
    change.granted ? 'user.role.grant' : 'user.role.revoke',
    { type: 'user', id: userId },
    { email: user.email, roles: user.roles },
    { email: user.email, roles },
  );
  return toUser({ ...user, roles });
}

/** Disables (ending every session of the account) or enables an account. Not one's own. */
export async function setAccountDisabled(
  tx: TransactionSql,
  actor: AuditActor,
  userId: string,
  disabled: boolean,
): Promise<AdminUser> {
  if (disabled && userId === actor.id) throw new AppError('CONFLICT', ADMIN_MESSAGES.ownAccount);
  const user = await lockedUser(tx, userId);
  if ((user.disabled_at !== null) === disabled) return toUser(user);
  const [changed] = await tx<{ disabled_at: Date | null }[]>`
    update users set disabled_at = ${disabled ? tx`now()` : null} where id = ${userId} returning disabled_at`;
  let sessionsEnded = 0;
  if (disabled) {
    const ended = await tx`delete from sessions where user_id = ${userId} returning id`;
    sessionsEnded = ended.length;
  }
  await audited(
    tx,
    actor,
    disabled ? 'user.disable' : 'user.enable',
    { type: 'user', id: userId },
    { email: user.email, disabled: user.disabled_at !== null },
    { email: user.email, disabled, ...(disabled ? { sessionsEnded } : {}) },
  );
  return toUser({ ...user, disabled_at: changed!.disabled_at });
}

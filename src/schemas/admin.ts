// The admin API's requests and answers (users, activity log), shared by the endpoints and islands.
import * as z from 'zod/mini';
import { GRANTABLE_ROLES } from '../domain/admin-rules.ts';

const cursor = z.optional(z.string().check(z.maxLength(200)));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const ZAdminUserQuery = z.object({
  /** Part of an e-mail address or a name; empty: everyone. */
  q: z.optional(z.string().check(z.maxLength(100), z.trim())),
  cursor,
});

export const ZRoleChange = z.object({
  role: z.enum(GRANTABLE_ROLES),
  granted: z.boolean(),
});
export type TRoleChange = z.infer<typeof ZRoleChange>;

export const ZAccountStatus = z.object({ disabled: z.boolean() });

export const ZUserId = z.string().check(z.maxLength(36), z.regex(UUID, 'Invalid user id'));

export const ZActivityQuery = z.object({
  /** The acting admin's user id. */
  actor: z.optional(
    z.union([z.literal(''), z.string().check(z.maxLength(36), z.regex(UUID, 'Invalid user id'))]),
  ),
  action: z.optional(z.string().check(z.maxLength(60))),
  /** Days (YYYY-MM-DD, UTC), both included. */
  from: z.optional(
    z.union([z.literal(''), z.string().check(z.maxLength(10), z.regex(DAY, 'Use YYYY-MM-DD'))]),
  ),
  to: z.optional(z.union([z.literal(''), z.string().check(z.maxLength(10), z.regex(DAY, 'Use YYYY-MM-DD'))])),
  cursor,
});
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

export interface AdminUser {
  id: string;
  email: string;
  fullName: string | null;
  roles: ('contractor' | 'admin')[];
  disabled: boolean;
  createdAt: string;
}

export interface AdminUserPage {
  users: AdminUser[];
  nextCursor: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

// POST /api/admin/users/:id/roles {role, granted}: grants or revokes contractor or admin (audited).
// Granting needs the admin's password proven within the last 5 minutes (403 REAUTH_REQUIRED).
import * as z from 'zod/mini';
import { ZRoleChange, ZUserId } from '~/schemas/admin';
import { changeRole } from '~/server/admin';
import { requireProvedSession } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZRoleChange }, async ({ context, user, body }) => {
  const id = z.parse(ZUserId, context.params.id);
  if (body.granted) requireProvedSession(user);
  const changed = await db().begin((tx) => changeRole(tx, { id: user.id }, id, body));
  return Response.json({ user: changed });
});

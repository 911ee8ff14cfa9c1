// POST /api/admin/users/:id/status {disabled}: disables an account (its sessions end at once) or
// enables it again (audited).
import * as z from 'zod/mini';
import { ZAccountStatus, ZUserId } from '~/schemas/admin';
import { setAccountDisabled } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZAccountStatus }, async ({ context, user, body }) => {
  const id = z.parse(ZUserId, context.params.id);
  const changed = await db().begin((tx) => setAccountDisabled(tx, { id: user.id }, id, body.disabled));
  return Response.json({ user: changed });
});

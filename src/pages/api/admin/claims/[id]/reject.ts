// POST /api/admin/claims/:id/reject {reason}: rejects a pending listing claim, the reason mailed to
// the claimant in the same transaction (audited).
import * as z from 'zod/mini';
import { ZRecordId, ZRejection } from '~/schemas/admin';
import { rejectClaim } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZRejection }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  await db().begin((tx) => rejectClaim(tx, { id: user.id }, id, body.reason));
  return Response.json({ ok: true });
});

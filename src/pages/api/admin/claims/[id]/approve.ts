// POST /api/admin/claims/:id/approve: confirms a pending listing claim through approveClaim (the
// claimant becomes the listing's owner; audited).
import * as z from 'zod/mini';
import { ZNoBody, ZRecordId } from '~/schemas/admin';
import { confirmClaim } from '~/server/admin/contractors';
import { db } from '~/server/db/client';
import { route } from '~/server/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZNoBody }, async ({ context, user }) => {
  const id = z.parse(ZRecordId, context.params.id);
  await db().begin((tx) => confirmClaim(tx, { id: user.id }, id));
  return Response.json({ ok: true });
});

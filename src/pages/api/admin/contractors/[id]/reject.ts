// POST /api/admin/contractors/:id/reject {reason}: PENDING -> REJECTED, the reason mailed to the
// applicant in the same transaction (audited).
import * as z from 'zod/mini';
import { ZRecordId, ZRejection } from '~/schemas/admin';
import { rejectBusiness } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZRejection }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const business = await db().begin((tx) => rejectBusiness(tx, { id: user.id }, id, body.reason));
  return Response.json({ business });
});

// POST /api/admin/contractors/:id/approve: PENDING -> ACTIVE and verified (audited, publish
// requested), then the automatic publish is scheduled once the transaction has committed.
import * as z from 'zod/mini';
import { ZNoBody, ZRecordId } from '~/schemas/admin';
import { approveBusiness } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { schedulePublish } from '~/server/platform/publish/publisher';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZNoBody }, async ({ context, user }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const business = await db().begin((tx) => approveBusiness(tx, { id: user.id }, id));
  schedulePublish(user.id);
  return Response.json({ business });
});

// POST /api/admin/contractors/:id/licence {number, board, checkedOn, source}: records the licence
// check shown on the public profile after the next publish (audited, publish requested).
import * as z from 'zod/mini';
import { ZLicenceCheck, ZRecordId } from '~/schemas/admin';
import { recordLicence } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZLicenceCheck }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const business = await db().begin((tx) => recordLicence(tx, { id: user.id }, id, body));
  return Response.json({ business });
});

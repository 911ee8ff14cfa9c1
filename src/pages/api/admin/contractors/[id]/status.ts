// POST /api/admin/contractors/:id/status {suspended}: suspends an ACTIVE business (no more leads at
// once; off the site after the next publish) or reinstates it (audited, publish requested).
import * as z from 'zod/mini';
import { ZRecordId, ZSuspended } from '~/schemas/admin';
import { setSuspended } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZSuspended }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const business = await db().begin((tx) => setSuspended(tx, { id: user.id }, id, body.suspended));
  return Response.json({ business });
});

// POST /api/admin/contractors/:id/featured {featured}: features or unfeatures an ACTIVE business
// (audited, publish requested).
import * as z from 'zod/mini';
import { ZFeatured, ZRecordId } from '~/schemas/admin';
import { setFeatured } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZFeatured }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const business = await db().begin((tx) => setFeatured(tx, { id: user.id }, id, body.featured));
  return Response.json({ business });
});

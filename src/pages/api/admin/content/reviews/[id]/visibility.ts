// POST /api/admin/content/reviews/:id/visibility {hidden, reason}: hides a review (a reason is
// required) or shows it again; its business's rating is recomputed, audited, publish requested.
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { ZReviewVisibility } from '~/schemas/admin-content';
import { setReviewHidden } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZReviewVisibility }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const review = await db().begin((tx) => setReviewHidden(tx, { id: user.id }, id, body));
  schedulePublish(user.id);
  return Response.json({ review });
});

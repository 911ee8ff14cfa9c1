// POST /api/admin/content/reviews/:id/approve {}: a moderator approves a review that awaited
// moderation: public at the next publish, its business's rating recomputed, audited (with the
// signals that held it). 409 for a review hidden by an admin (Show it instead) or withdrawn.
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { ZReviewApproval } from '~/schemas/admin-content';
import { approveReview } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZReviewApproval }, async ({ context, user }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const review = await db().begin((tx) => approveReview(tx, { id: user.id }, id));
  schedulePublish(user.id);
  return Response.json({ review });
});

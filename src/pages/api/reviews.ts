// POST /api/reviews {token, rating, title, content, authorName}: the review of a job the
// homeowner hired the contractor for, through its mailed link (no account: the token names the
// lead and the contractor). The review page posts its own plain form to the same use-case; this
// is its JSON twin. Answers 201 { reviewId, businessName, held } (held: it waits for a moderator's
// check before it appears); 404 for an unknown or expired link, or a job that may not be
// reviewed (with why); 409 'You have already reviewed this job.'; 400 with field messages.
import { ZJobReview } from '~/schemas/homeowner';
import { db } from '~/server/platform/db/client';
import { submitJobReview } from '~/server/leads';
import { route } from '~/server/platform/route';
import { visitorSignals } from '~/server/platform/security/visitor';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZJobReview }, async ({ context, body }) => {
  const thanks = await submitJobReview(db(), body, visitorSignals(context));
  if (!thanks.held) schedulePublish();
  return Response.json(thanks, { status: 201 });
});

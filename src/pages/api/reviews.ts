// POST /api/reviews {token, rating, title, content, authorName}: the review of a completed job
// through its mailed link (no account: the token names the lead and the contractor). The review
// page posts its own plain form to the same use-case; this is its JSON twin. Answers 201
// { reviewId, businessName }; 404 for an unknown or expired link; 409 'You have already reviewed
// this job.'; 400 with field messages.
import { ZJobReview } from '~/schemas/homeowner';
import { db } from '~/server/db/client';
import { route } from '~/server/route';
import { submitJobReview } from '~/server/reviews/submit-job-review';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZJobReview }, async ({ body }) => {
  return Response.json(await submitJobReview(db(), body), { status: 201 });
});

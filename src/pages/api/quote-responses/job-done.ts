// POST /api/quote-responses/job-done {token, businessId}: the homeowner says one responding
// contractor's job is done (no account: the token of the mailed responses link proves who they
// are). The responses page posts its own plain form, after a confirmation step, to the same
// use-case; this is its JSON twin. Answers { businessName, doneNow, reviewed, reviewUrl } (the
// review link, mailed once, null once the job is reviewed); 404 for a link that is not theirs or
// a contractor that did not respond; 409 when the contractor's charge for the lead was refunded.
import { ZJobDone } from '~/schemas/homeowner';
import { db } from '~/server/platform/db/client';
import { homeownerLinkUrl, markJobDone } from '~/server/leads';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZJobDone, keyed: false }, async ({ context, body }) => {
  const { reviewToken, ...done } = await markJobDone(db(), body.token, body.businessId);
  if (done.doneNow) kickMailSender(db());
  const reviewUrl = reviewToken ? homeownerLinkUrl(context.locals.site.origin, 'review', reviewToken) : null;
  return Response.json({ ...done, reviewUrl });
});

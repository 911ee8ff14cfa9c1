// POST /api/quote-responses/accept {token, communicationId}: the homeowner accepts one quote on
// their request (no account: the token of the mailed responses link proves who they are). The
// responses page posts its own plain form to the same use-case; this is its JSON twin. Answers
// { communicationId, businessName, acceptedNow }; 404 for a link or quote that is not theirs;
// 409 when another quote was accepted or this one expired.
import { ZAcceptQuote } from '~/schemas/homeowner';
import { db } from '~/server/platform/db/client';
import { acceptQuote } from '~/server/leads';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZAcceptQuote }, async ({ body }) => {
  const result = await acceptQuote(db(), body.token, body.communicationId);
  if (result.acceptedNow) kickMailSender(db());
  return Response.json(result);
});

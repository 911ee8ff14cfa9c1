// POST /api/quotes: a homeowner's quote request (the wizard's last step). Validated with the
// shared schema, then the submit-quote use-case. Answers { leadId, status, code?,
// contractorsContacted, paymentsSuccessful, contractors? }: status 'awaiting_code' (a code went
// to the phone: `code` says where and until when; POST /api/quotes/verify sells it), 'sent' (the
// phone was proven before: its sale queued, `selling` until POST /api/quotes/status tells the
// contractors), 'awaiting_email', 'held' or 'duplicate'; 400 with field
// messages (a proof of work not accepted: `altcha`); 403 for blocked contact details; 429 'Too
// many requests...'; 503 when no code could be sent.
import { ZQuoteRequest } from '~/schemas/quote';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { kickJobs } from '~/server/jobs';
import { kickMailSender } from '~/server/platform/mail/sender';
import { submitQuote } from '~/server/leads';
import { route } from '~/server/platform/route';
import { visitorSignals } from '~/server/platform/security/visitor';
import { smsPort } from '~/server/platform/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZQuoteRequest }, async ({ context, user, body }) => {
  const result = await submitQuote(db(), body, {
    sms: smsPort(db()),
    userId: user?.id ?? null,
    // A session exists only for an account whose address was confirmed (sign-in requires it).
    ...(user ? { verifiedEmail: user.email } : {}),
    ip: requestMeta(context).ip,
    visitor: visitorSignals(context),
  });
  kickMailSender(db());
  await kickJobs(db(), context.url.origin);
  return Response.json(result, { status: 201 });
});

// POST /api/quotes/verify { requestKey, code }: the code the homeowner typed from their phone.
// Right: the request's sale is queued and started, and it is answered as POST /api/quotes answers
// (status 'sent' with `selling` while the sale runs: the wizard follows it on POST
// /api/quotes/status; or 'duplicate', 'awaiting_email', 'held'). Wrong, expired
// or out of tries: 400 with the message on `code`, everything else kept.
import { ZQuoteCode } from '~/schemas/phone-proof';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { kickJobs } from '~/server/jobs';
import { kickMailSender } from '~/server/platform/mail/sender';
import { verifyQuotePhone } from '~/server/leads';
import { route } from '~/server/platform/route';
import { smsPort } from '~/server/platform/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZQuoteCode }, async ({ context, body }) => {
  const result = await verifyQuotePhone(db(), body, {
    sms: smsPort(db()),
    ip: requestMeta(context).ip,
  });
  kickMailSender(db());
  await kickJobs(db(), context.url.origin);
  return Response.json(result);
});

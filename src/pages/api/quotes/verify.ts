// POST /api/quotes/verify { requestKey, code }: the code the homeowner typed from their phone.
// Right: the request is sold at once and answered as POST /api/quotes answers a sold one
// (status 'sent' with the contractors, or 'duplicate', 'awaiting_email', 'held'). Wrong, expired
// or out of tries: 400 with the message on `code`, everything else kept.
import { ZQuoteCode } from '~/schemas/phone-proof';
import { db } from '~/server/db/client';
import { requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';
import { paymentGateway } from '~/server/payments';
import { verifyQuotePhone } from '~/server/quotes/prove-quote-phone';
import { route } from '~/server/route';
import { smsPort } from '~/server/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZQuoteCode }, async ({ context, body }) => {
  const result = await verifyQuotePhone(db(), body, {
    gateway: paymentGateway(db()),
    sms: smsPort(db()),
    ip: requestMeta(context).ip,
  });
  kickMailSender(db());
  return Response.json(result);
});

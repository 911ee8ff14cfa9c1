// POST /api/quotes: a homeowner's quote request (the wizard's last step). Validated with the
// shared schema, then the submit-quote use-case. Answers { leadId, contractorsContacted,
// paymentsSuccessful }; 400 with field messages; 429 'Too many requests...'.
import { ZQuoteRequest } from '~/schemas/quote';
import { db } from '~/server/db/client';
import { requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';
import { paymentGateway } from '~/server/payments';
import { submitQuote } from '~/server/quotes/submit-quote';
import { route } from '~/server/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZQuoteRequest }, async ({ context, user, body }) => {
  const result = await submitQuote(db(), body, {
    gateway: paymentGateway(db()),
    userId: user?.id ?? null,
    ip: requestMeta(context).ip,
  });
  kickMailSender(db());
  return Response.json(result, { status: 201 });
});

// POST /api/quotes: a homeowner's quote request (the wizard's last step). Validated with the
// shared schema, then the submit-quote use-case. Answers { leadId, status, contractorsContacted,
// paymentsSuccessful }: status 'sent' (a signed-in homeowner at their verified address: sold at
// once) or 'awaiting_confirmation' (the link mailed to the address given sells it); 400 with field
// messages (a proof of work not accepted: `altcha`); 429 'Too many requests...'.
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
    // A session exists only for an account whose address was confirmed (sign-in requires it).
    ...(user ? { verifiedEmail: user.email } : {}),
    ip: requestMeta(context).ip,
  });
  kickMailSender(db());
  return Response.json(result, { status: 201 });
});

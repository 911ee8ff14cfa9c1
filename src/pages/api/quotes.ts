// POST /api/quotes: a homeowner's quote request (the wizard's last step). Validated with the
// shared schema, then the submit-quote use-case. Answers { leadId, contractorsContacted,
// paymentsSuccessful }; 400 with field messages; 429 'Too many requests...'.
import type { APIRoute } from 'astro';
import { ZQuoteRequest } from '~/schemas/quote';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson, requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';
import { paymentGateway } from '~/server/payments';
import { submitQuote } from '~/server/quotes/submit-quote';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  try {
    const input = await readJson(request, ZQuoteRequest);
    const result = await submitQuote(db(), input, {
      gateway: paymentGateway(db()),
      userId: locals.user?.id ?? null,
      ip: requestMeta(context).ip,
    });
    kickMailSender(db());
    return Response.json(result, { status: 201, headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

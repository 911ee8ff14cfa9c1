// POST /api/quotes/code { requestKey, channel }: a new code for a request still waiting for one,
// by text ('sms') or read out by a call ('call'). Answers the code's state (where it went, when it
// expires, when another may be asked); 429 within 30 seconds of the last one or past the hourly
// limits; 409 once the request needs no code.
import { ZQuoteResend } from '~/schemas/phone-proof';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { resendQuoteCode } from '~/server/leads';
import { route } from '~/server/platform/route';
import { smsPort } from '~/server/platform/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZQuoteResend }, async ({ context, body }) =>
  Response.json({
    code: await resendQuoteCode(db(), body, { sms: smsPort(db()), ip: requestMeta(context).ip }),
  }),
);

// The wizard's code step: the code typed (POST /api/quotes/verify) and a new code asked for, by
// text or by a call (POST /api/quotes/code). The request is named by its request key.
import * as z from 'zod/mini';
import { CODE_LENGTH, PHONE_PROOF_MESSAGES } from '../domain/phone-proof-rules.ts';

export const ZQuoteCode = z.strictObject({
  requestKey: z.uuid('Missing request key'),
  code: z
    .string({ error: PHONE_PROOF_MESSAGES.codeFormat })
    .check(z.trim(), z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), PHONE_PROOF_MESSAGES.codeFormat)),
});

export const ZQuoteResend = z.strictObject({
  requestKey: z.uuid('Missing request key'),
  channel: z.enum(['sms', 'call'], { error: 'Choose a text or a call.' }),
});

/** Where a request stands (the wizard follows its sale): POST /api/quotes/status. */
export const ZQuoteStatus = z.strictObject({
  requestKey: z.uuid('Missing request key'),
});

// POST /api/claims/code {channel, localPart?}: sends a code proving a pending listing claim, to
// the listing's public phone (text or call) or to an address at its website's domain. For the
// signed-in claimant, or the browser that has just registered the claim (its proof cookie).
import { CLAIM_PROOF_MESSAGES } from '~/domain/claim-rules';
import { ZClaimCodeRequest } from '~/schemas/claim-proof';
import { claimAccessOf } from '~/server/claims/claim-proof-cookie';
import { sendClaimCode } from '~/server/claims/send-claim-code';
import { db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';
import { route } from '~/server/route';
import { smsPort } from '~/server/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZClaimCodeRequest }, async ({ context, user, body }) => {
  const access = claimAccessOf(context, user);
  if (!access) throw new AppError('UNAUTHORIZED', CLAIM_PROOF_MESSAGES.signIn);
  const sent = await sendClaimCode(db(), smsPort(db()), access, body, requestMeta(context));
  if (sent.channel === 'email') kickMailSender(db());
  return Response.json(sent);
});

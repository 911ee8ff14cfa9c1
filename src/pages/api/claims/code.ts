// POST /api/claims/code {channel, localPart?}: sends a code proving a pending listing claim, to
// the listing's public phone (text or call) or to an address at its website's domain. For the
// signed-in claimant, or the browser that has just registered the claim (its proof cookie).
import { CLAIM_PROOF_MESSAGES } from '~/domain/claim-rules';
import { ZClaimCodeRequest } from '~/schemas/claim-proof';
import { claimAccessOf, sendClaimCode } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { requestMeta } from '~/server/platform/http';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';
import { smsPort } from '~/server/platform/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZClaimCodeRequest }, async ({ context, user, body }) => {
  const access = claimAccessOf(context, user);
  if (!access) throw new AppError('UNAUTHORIZED', CLAIM_PROOF_MESSAGES.signIn);
  const sent = await sendClaimCode(db(), smsPort(db()), access, body, requestMeta(context));
  if (sent.channel === 'email') kickMailSender(db());
  return Response.json(sent);
});

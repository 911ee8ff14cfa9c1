// POST /api/claims/confirm {code}: checks the code sent for a pending listing claim; the right
// one confirms the claim (the admin sees by what and when). The same callers as /api/claims/code.
import { CLAIM_PROOF_MESSAGES } from '~/domain/claim-rules';
import { ZClaimCodeCheck } from '~/schemas/claim-proof';
import { checkClaimCode, claimAccessOf } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';
import { smsPort } from '~/server/platform/sms';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZClaimCodeCheck }, async ({ context, user, body }) => {
  const access = claimAccessOf(context, user);
  if (!access) throw new AppError('UNAUTHORIZED', CLAIM_PROOF_MESSAGES.signIn);
  return Response.json(await checkClaimCode(db(), smsPort(db()), access, body.code));
});

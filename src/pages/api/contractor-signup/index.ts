// POST /api/contractor-signup: registers a contractor (account, role, PENDING business or a
// claim of a listing, verification mail) in one transaction. Only for visitors who are not
// signed in: an account registers once (docs/decisions.md, issue 13, registration). A claim's
// answer carries its ways to prove it, and the browser gets the claim's proof cookie; every
// registration gives it the signup cookie that lets its verification link sign it in.
import { SIGNUP_MESSAGES, ZContractorSignup } from '~/schemas/contractor-signup';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { requestMeta } from '~/server/platform/http';
import { kickMailSender } from '~/server/platform/mail/sender';
import {
  setClaimProofCookie,
  registerContractor,
  setSignupBrowserCookie,
  signupBrowserFor,
} from '~/server/accounts';
import { route } from '~/server/platform/route';
import { recordAccountSignals, visitorSignals } from '~/server/platform/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZContractorSignup }, async ({ context, user, body }) => {
  if (user) throw new AppError('FORBIDDEN', SIGNUP_MESSAGES.signedIn);
  const browser = signupBrowserFor(context);
  const result = await registerContractor(db(), body, requestMeta(context), browser);
  setSignupBrowserCookie(context, browser);
  await recordAccountSignals(db(), result.userId, visitorSignals(context));
  kickMailSender(db());
  if (result.claimToken) setClaimProofCookie(context, result.claimToken);
  return Response.json(
    {
      kind: result.kind,
      businessName: result.businessName,
      email: result.email,
      ...(result.claimProof ? { claimProof: result.claimProof } : {}),
    },
    { status: 201 },
  );
});

// POST /api/auth/sign-up {email, password, fullName?}: creates the account (replacing one never
// verified) and mails the verification link ('Account Created! ...'), which signs in only this
// browser (its signup cookie); 409 'Account Exists' when a verified account has the e-mail.
import { ZSignUp } from '~/schemas/auth';
import { signUp, setSignupBrowserCookie, signupBrowserFor } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';
import { recordAccountSignals, visitorSignals } from '~/server/platform/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZSignUp }, async ({ context, body }) => {
  const browser = signupBrowserFor(context);
  const userId = await signUp(db(), body, requestMeta(context), browser);
  setSignupBrowserCookie(context, browser);
  await recordAccountSignals(db(), userId, visitorSignals(context));
  kickMailSender(db());
  return Response.json({ ok: true }, { status: 201 });
});

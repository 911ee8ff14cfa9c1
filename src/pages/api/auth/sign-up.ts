// POST /api/auth/sign-up {email, password, fullName?}: creates the account and mails the
// verification link ('Account Created! ...'); 409 'Account Exists' when the e-mail is taken.
import { ZSignUp } from '~/schemas/auth';
import { signUp } from '~/server/auth/sign-up';
import { db } from '~/server/db/client';
import { requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';
import { route } from '~/server/route';
import { recordAccountSignals, visitorSignals } from '~/server/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZSignUp }, async ({ context, body }) => {
  const userId = await signUp(db(), body, requestMeta(context));
  await recordAccountSignals(db(), userId, visitorSignals(context));
  kickMailSender(db());
  return Response.json({ ok: true }, { status: 201 });
});

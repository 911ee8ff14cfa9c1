// POST /api/auth/forgot-password {email}: mails a single-use reset link when the account exists;
// the answer is the same either way.
import { ZForgotPassword } from '~/schemas/auth';
import { requestPasswordReset } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZForgotPassword }, async ({ context, body }) => {
  await requestPasswordReset(db(), body.email, requestMeta(context));
  kickMailSender(db());
  return Response.json({ ok: true }, { status: 202 });
});

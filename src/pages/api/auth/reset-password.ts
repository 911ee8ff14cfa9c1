// GET /api/auth/reset-password?token=..: whether the link is still good (looking does not use it;
// a malformed token is simply not good), and while it is, the account's e-mail, which the form's
// password check needs (its holder could reset and sign in anyway). POST {token, password,
// confirmPassword}: sets the password, ends every session of the user and signs this browser in
// ('Password updated!'); {signedIn: false} for an account with a second factor, which signs in
// with the new password and the factor.
import { ZResetPassword, ZTokenQuery } from '~/schemas/auth';
import { resetPassword, resetTokenOwner } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta, setSessionCookie } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'none' }, async ({ context }) => {
  const parsed = ZTokenQuery.safeParse({ token: context.url.searchParams.get('token') ?? '' });
  const owner = parsed.success ? await resetTokenOwner(db(), parsed.data.token) : null;
  return Response.json(owner ? { valid: true, email: owner.email } : { valid: false });
});

export const POST = route({ auth: 'none', body: ZResetPassword }, async ({ context, body }) => {
  const outcome = await resetPassword(db(), body, requestMeta(context));
  if (outcome.signedIn) setSessionCookie(context, outcome.token, outcome.expiresAt);
  return Response.json({ ok: true, signedIn: outcome.signedIn });
});

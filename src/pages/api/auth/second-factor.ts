// POST /api/auth/second-factor {code}: the sign-in's second step, with the cookie the password
// step set (this browser's). A right authenticator or recovery code opens the session, marked as
// made with a second factor; 401 for a wrong, reused or expired one; 429 past 5 tries.
import { ZSecondFactorCode } from '~/schemas/second-factor';
import { finishSignIn } from '~/server/auth/second-factor/finish-sign-in';
import { deleteSession } from '~/server/auth/sessions';
import { db } from '~/server/db/client';
import {
  clearPendingSignInCookie,
  pendingSignInCookieName,
  requestMeta,
  setSessionCookie,
} from '~/server/http';
import { route } from '~/server/route';
import { recordAccountSignals, visitorSignals } from '~/server/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZSecondFactorCode }, async ({ context, user, body }) => {
  const pending = context.cookies.get(pendingSignInCookieName(context.locals.site))?.value ?? null;
  const session = await finishSignIn(db(), pending, body.code, requestMeta(context));
  clearPendingSignInCookie(context);
  if (user) await deleteSession(db(), user.sessionId);
  await recordAccountSignals(db(), session.userId, visitorSignals(context));
  setSessionCookie(context, session.token, session.expiresAt);
  return Response.json({ ok: true, landing: session.landing, method: session.method });
});

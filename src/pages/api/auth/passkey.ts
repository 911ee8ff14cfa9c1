// POST /api/auth/passkey {response}: the sign-in's second step with a passkey (the answer to the
// challenge from /api/auth/passkey-options), with the pending sign-in's cookie. Opens the session,
// marked as made with a second factor; 401 when the passkey is not right or the sign-in ended.
import { ZPasskeyAuthentication } from '~/schemas/second-factor';
import { finishSignIn } from '~/server/auth/second-factor/finish-sign-in';
import { relyingPartyOf } from '~/server/auth/second-factor/passkeys';
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

export const POST = route({ auth: 'none', body: ZPasskeyAuthentication }, async ({ context, user, body }) => {
  const pending = context.cookies.get(pendingSignInCookieName(context.locals.site))?.value ?? null;
  const proof = { passkey: body.response as never, rp: relyingPartyOf(context.locals.site) };
  const session = await finishSignIn(db(), pending, proof, requestMeta(context));
  clearPendingSignInCookie(context);
  if (user) await deleteSession(db(), user.sessionId);
  await recordAccountSignals(db(), session.userId, visitorSignals(context));
  setSessionCookie(context, session.token, session.expiresAt);
  return Response.json({ ok: true, landing: session.landing, method: session.method });
});

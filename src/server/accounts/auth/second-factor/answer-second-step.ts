// The sign-in's second step as both of its routes answer it (a code: POST /api/auth/second-factor;
// a passkey: POST /api/auth/passkey): the pending sign-in's cookie in; the session cookie out,
// marked as made with a second factor; the browser's session as someone else ended; where the
// account is used recorded (fraud signals), as the password step does for accounts without one.
import type { APIContext } from 'astro';
import { db } from '../../../platform/db/client.ts';
import {
  clearPendingSignInCookie,
  pendingSignInCookieName,
  requestMeta,
  setSessionCookie,
} from '../../../platform/http.ts';
import { recordAccountSignals, visitorSignals } from '../../../platform/security/visitor.ts';
import { deleteSession, type SessionUser } from '../../../platform/security/sessions.ts';
import { finishSignIn, type SecondStepProof } from './finish-sign-in.ts';

export async function answerSecondStep(
  context: APIContext,
  user: SessionUser | null,
  proof: SecondStepProof,
): Promise<Response> {
  const pending = context.cookies.get(pendingSignInCookieName(context.locals.site))?.value ?? null;
  const session = await finishSignIn(db(), pending, proof, requestMeta(context));
  clearPendingSignInCookie(context);
  if (user) await deleteSession(db(), user.sessionId);
  await recordAccountSignals(db(), session.userId, visitorSignals(context));
  setSessionCookie(context, session.token, session.expiresAt);
  return Response.json({ ok: true, landing: session.landing, method: session.method });
}

// POST /api/auth/sign-in {email, password}: a new session cookie ('Welcome back!') and a new
// device cookie, and where to go when no page asked (landing: a contractor's dashboard, else null);
// for an account with a second factor, no session yet: {secondFactor: true} and the second step's
// cookie (POST /api/auth/second-factor finishes). 401 with the same message for an unknown e-mail
// and a wrong password; 429 after 5 attempts in 5 minutes, unless this browser or this address may
// go on (limit-sign-in.ts).
import { ZSignIn } from '~/schemas/auth';
import { deleteSession } from '~/server/platform/security/sessions';
import { signIn, signupBrowserOf } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import {
  deviceCookieName,
  requestMeta,
  setDeviceCookie,
  setPendingSignInCookie,
  setSessionCookie,
} from '~/server/platform/http';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';
import { recordAccountSignals, visitorSignals } from '~/server/platform/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZSignIn }, async ({ context, user, body }) => {
  const device = context.cookies.get(deviceCookieName(context.locals.site))?.value ?? null;
  const signupBrowser = signupBrowserOf(context);
  const session = await signIn(db(), body, { ...requestMeta(context), device, signupBrowser }).catch(
    (error: unknown) => {
      // An unconfirmed account's sign-in mails a fresh verification link.
      if (error instanceof AppError && error.code === 'FORBIDDEN') kickMailSender(db());
      throw error;
    },
  );
  setDeviceCookie(context, session.device.token, session.device.expiresAt);
  if (session.kind === 'second-factor') {
    setPendingSignInCookie(context, session.pending.token, session.pending.expiresAt);
    return Response.json({ ok: true, secondFactor: true });
  }
  // A browser that was signed in as someone else ends that session first.
  if (user) await deleteSession(db(), user.sessionId);
  // Where the account is used: a review sharing a network or browser with it waits for moderation.
  await recordAccountSignals(db(), session.userId, visitorSignals(context));
  setSessionCookie(context, session.token, session.expiresAt);
  return Response.json({ ok: true, landing: session.landing });
});

// POST /api/auth/sign-in {email, password}: a new session cookie ('Welcome back!'); 401 with
// the same message for an unknown e-mail and a wrong password; 429 after 5 attempts in 5 minutes.
import type { APIRoute } from 'astro';
import { ZSignIn } from '~/schemas/auth';
import { signIn } from '~/server/auth/sign-in';
import { deleteSession } from '~/server/auth/sessions';
import { db } from '~/server/db/client';
import { AppError, errorResponse } from '~/server/errors';
import { PRIVATE, readJson, requestMeta, setSessionCookie } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  try {
    const input = await readJson(context.request, ZSignIn);
    const session = await signIn(db(), input, requestMeta(context));
    // A browser that was signed in as someone else ends that session first.
    if (context.locals.user) await deleteSession(db(), context.locals.user.sessionId);
    setSessionCookie(context.cookies, context.url, session.token, session.expiresAt);
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    // An unconfirmed account's sign-in mails a fresh verification link.
    if (error instanceof AppError && error.code === 'FORBIDDEN') kickMailSender(db());
    return errorResponse(error, PRIVATE);
  }
};

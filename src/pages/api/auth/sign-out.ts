// POST /api/auth/sign-out: deletes this browser's session (the cookie alone is not trusted to go).
// JSON callers get {ok}; the account menu's plain form is sent back to the home page.
import type { APIRoute } from 'astro';
import { deleteSession } from '~/server/auth/sessions';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { clearSessionCookie, PRIVATE } from '~/server/http';

export const prerender = false;

export const POST: APIRoute = async ({ locals, cookies, url, request }) => {
  try {
    if (locals.user) await deleteSession(db(), locals.user.sessionId);
    clearSessionCookie(cookies, url);
    // The account menu's form: back to the home page, signed out.
    if ((request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return new Response(null, { status: 303, headers: { location: '/', ...PRIVATE } });
    }
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

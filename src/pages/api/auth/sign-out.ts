// POST /api/auth/sign-out: deletes this browser's session (the cookie alone is not trusted to go).
// JSON callers get {ok}; the account menu's plain form is sent back to the home page.
import { deleteSession } from '~/server/platform/security/sessions';
import { db } from '~/server/platform/db/client';
import { clearSessionCookie } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none' }, async ({ context, user }) => {
  if (user) await deleteSession(db(), user.sessionId);
  clearSessionCookie(context);
  const type = context.request.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return new Response(null, { status: 303, headers: { location: '/' } });
  }
  return Response.json({ ok: true });
});

// GET /api/account/sessions: the user's signed-in browsers. DELETE ?id=..: ends one of the
// others (this browser signs out with /api/auth/sign-out).
import { endOtherSession, listSessions } from '~/server/platform/security/sessions';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'user' }, async ({ user }) =>
  Response.json({ sessions: await listSessions(db(), user.id, user.sessionId) }),
);

export const DELETE = route({ auth: 'user' }, async ({ user, context }) => {
  const id = context.url.searchParams.get('id') ?? '';
  if (!(await endOtherSession(db(), user.id, user.sessionId, id))) {
    throw new AppError('NOT_FOUND', 'That session has already ended.');
  }
  return Response.json({ ok: true });
});

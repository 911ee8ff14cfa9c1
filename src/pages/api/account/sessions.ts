// GET /api/account/sessions: the user's signed-in browsers. DELETE ?id=..: ends one of the
// others (this browser signs out with /api/auth/sign-out).
import type { APIRoute } from 'astro';
import { endOtherSession, listSessions } from '~/server/auth/sessions';
import { db } from '~/server/db/client';
import { AppError, errorResponse } from '~/server/errors';
import { PRIVATE } from '~/server/http';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  try {
    const sessions = await listSessions(db(), locals.user!.id, locals.user!.sessionId);
    return Response.json({ sessions }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

export const DELETE: APIRoute = async ({ locals, url }) => {
  try {
    const ended = await endOtherSession(
      db(),
      locals.user!.id,
      locals.user!.sessionId,
      url.searchParams.get('id') ?? '',
    );
    if (!ended) throw new AppError('NOT_FOUND', 'That session has already ended.');
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

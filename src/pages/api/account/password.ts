// POST /api/account/password {currentPassword, password, confirmPassword}: needs the current
// password ('Invalid current password'); every other session of the user ends.
import type { APIRoute } from 'astro';
import { ZChangePassword } from '~/schemas/auth';
import { changePassword } from '~/server/auth/change-password';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson } from '~/server/http';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request }) => {
  try {
    await changePassword(db(), locals.user!, await readJson(request, ZChangePassword));
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

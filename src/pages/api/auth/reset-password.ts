// GET /api/auth/reset-password?token=..: whether the link is still good (looking does not use it).
// POST {token, password, confirmPassword}: sets the password, ends every session of the user and
// signs this browser in ('Password updated!').
import type { APIRoute } from 'astro';
import { ZResetPassword, ZTokenQuery } from '~/schemas/auth';
import { resetPassword, resetTokenIsValid } from '~/server/auth/reset-password';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson, requestMeta, setSessionCookie } from '~/server/http';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const parsed = ZTokenQuery.safeParse({ token: url.searchParams.get('token') ?? '' });
  const valid = parsed.success && (await resetTokenIsValid(db(), parsed.data.token));
  return Response.json({ valid }, { headers: PRIVATE });
};

export const POST: APIRoute = async (context) => {
  try {
    const input = await readJson(context.request, ZResetPassword);
    const session = await resetPassword(db(), input, requestMeta(context));
    setSessionCookie(context.cookies, context.url, session.token, session.expiresAt);
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

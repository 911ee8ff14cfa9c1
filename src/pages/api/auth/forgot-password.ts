// POST /api/auth/forgot-password {email}: mails a single-use reset link when the account exists;
// the answer is the same either way.
import type { APIRoute } from 'astro';
import { ZForgotPassword } from '~/schemas/auth';
import { requestPasswordReset } from '~/server/auth/reset-password';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson, requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  try {
    const { email } = await readJson(context.request, ZForgotPassword);
    await requestPasswordReset(db(), email, requestMeta(context));
    kickMailSender(db());
    return Response.json({ ok: true }, { status: 202, headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

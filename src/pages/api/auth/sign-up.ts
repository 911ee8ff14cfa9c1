// POST /api/auth/sign-up {email, password, fullName?}: creates the account and mails the
// verification link ('Account Created! ...'); 409 'Account Exists' when the e-mail is taken.
import type { APIRoute } from 'astro';
import { ZSignUp } from '~/schemas/auth';
import { signUp } from '~/server/auth/sign-up';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson, requestMeta } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  try {
    const input = await readJson(context.request, ZSignUp);
    await signUp(db(), input, requestMeta(context));
    kickMailSender(db());
    return Response.json({ ok: true }, { status: 201, headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

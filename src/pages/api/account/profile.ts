// GET /api/account/profile: the signed-in user's profile and preferences (created when missing).
// PUT {fullName, email}: saves the name; a different e-mail is mailed a verification link and
// changes only once it is followed.
import type { APIRoute } from 'astro';
import { ZProfileUpdate } from '~/schemas/auth';
import { getProfile } from '~/server/auth/get-profile';
import { updateProfile } from '~/server/auth/update-profile';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson } from '~/server/http';
import { kickMailSender } from '~/server/mail/sender';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  try {
    return Response.json(await getProfile(db(), locals.user!.id), { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

export const PUT: APIRoute = async ({ locals, request }) => {
  try {
    const input = await readJson(request, ZProfileUpdate);
    const result = await updateProfile(db(), locals.user!.id, input);
    if (result.verificationSent) kickMailSender(db());
    return Response.json(
      { ...result, profile: await getProfile(db(), locals.user!.id) },
      { headers: PRIVATE },
    );
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

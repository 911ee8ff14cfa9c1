// POST /api/account/deletion: records the request for support (spec: deletion is completed by
// support, the user sees 'Account deletion requested').
import type { APIRoute } from 'astro';
import { requestAccountDeletion } from '~/server/auth/request-account-deletion';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE } from '~/server/http';

export const prerender = false;

export const POST: APIRoute = async ({ locals }) => {
  try {
    await requestAccountDeletion(db(), locals.user!.id);
    return Response.json({ ok: true }, { status: 202, headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

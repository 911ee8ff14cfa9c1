// PUT /api/account/preferences {email_notifications, lead_notifications, marketing_emails}:
// saved on the server (the spec kept them in the browser only; see docs/decisions.md).
import type { APIRoute } from 'astro';
import { ZPreferences } from '~/schemas/auth';
import { savePreferences } from '~/server/auth/save-preferences';
import { db } from '~/server/db/client';
import { errorResponse } from '~/server/errors';
import { PRIVATE, readJson } from '~/server/http';

export const prerender = false;

export const PUT: APIRoute = async ({ locals, request }) => {
  try {
    await savePreferences(db(), locals.user!.id, await readJson(request, ZPreferences));
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

// PUT /api/account/preferences {email_notifications, lead_notifications, marketing_emails}:
// saved on the server (the spec kept them in the browser only; see docs/decisions.md).
import { ZPreferences } from '~/schemas/auth';
import { savePreferences } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const PUT = route({ auth: 'user', body: ZPreferences }, async ({ user, body }) => {
  await savePreferences(db(), user.id, body);
  return Response.json({ ok: true });
});

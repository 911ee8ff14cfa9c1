// POST /api/account/reauth {password}: the password asked again before a sensitive change (an
// e-mail change, a role grant, a second factor's change); limited like sign-in attempts. The
// session then counts as re-authenticated for 5 minutes (src/domain/session-rules.ts).
import { ZReauth } from '~/schemas/auth';
import { reauthenticate } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', body: ZReauth }, async ({ context, user, body }) => {
  await reauthenticate(db(), user, body.password, requestMeta(context));
  return Response.json({ ok: true });
});

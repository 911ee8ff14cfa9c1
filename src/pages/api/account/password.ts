// POST /api/account/password {currentPassword, password, confirmPassword}: needs the current
// password ('Invalid current password'); every other session of the user ends.
import { ZChangePassword } from '~/schemas/auth';
import { changePassword } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', body: ZChangePassword }, async ({ user, body }) => {
  await changePassword(db(), user, body);
  return Response.json({ ok: true });
});

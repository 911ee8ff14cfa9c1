// POST /api/account/deletion: records the request for support (spec: deletion is completed by
// support, the user sees 'Account deletion requested').
import { requestAccountDeletion } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user' }, async ({ user }) => {
  await requestAccountDeletion(db(), user.id);
  return Response.json({ ok: true }, { status: 202 });
});

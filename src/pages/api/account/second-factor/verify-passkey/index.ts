// POST /api/account/second-factor/verify-passkey {response}: a signed-in user proves a second
// factor in this session with a passkey (the answer to ./options' challenge), as
// ../verify does with a code; 401 when the passkey is not right.
import { ZPasskeyAuthentication } from '~/schemas/second-factor';
import { provePasskey, relyingPartyOf } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', body: ZPasskeyAuthentication }, async ({ user, body, context }) => {
  await provePasskey(db(), user, relyingPartyOf(context.locals.site), body.response as never);
  return Response.json({ ok: true, method: 'passkey' });
});

// POST /api/account/second-factor/verify {code}: a signed-in user proves their second factor in
// this session (an authenticator or recovery code), e.g. an admin whose session predates it.
import { ZSecondFactorCode } from '~/schemas/second-factor';
import { proveSecondFactor } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', body: ZSecondFactorCode }, async ({ user, body }) => {
  const method = await proveSecondFactor(db(), user, body.code);
  return Response.json({ ok: true, method });
});

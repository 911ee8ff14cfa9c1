// POST /api/account/second-factor/verify-passkey/options: a passkey challenge for the signed-in
// user to prove a second factor in this session (/second-factor); 409 without a passkey.
import { provePasskeyOptions, relyingPartyOf } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', keyed: false }, async ({ user, context }) =>
  Response.json(await provePasskeyOptions(db(), user, relyingPartyOf(context.locals.site))),
);

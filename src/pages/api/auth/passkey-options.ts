// POST /api/auth/passkey-options: the passkey challenge for the sign-in's second step (the
// pending sign-in's cookie names the account): its passkeys, for this site.
import { pendingPasskeyOptions, relyingPartyOf } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { pendingSignInCookieName } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', keyed: false }, async ({ context }) => {
  const pending = context.cookies.get(pendingSignInCookieName(context.locals.site))?.value ?? null;
  return Response.json(await pendingPasskeyOptions(db(), pending, relyingPartyOf(context.locals.site)));
});

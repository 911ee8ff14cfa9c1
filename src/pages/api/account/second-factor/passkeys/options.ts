// POST /api/account/second-factor/passkeys/options: a registration challenge for a new passkey
// (kept on the server for 5 minutes), for this site as the relying party.
import { passkeyRegistrationOptions, relyingPartyOf, requireProvedSession } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', keyed: false }, async ({ user, context }) => {
  requireProvedSession(user);
  return Response.json(await passkeyRegistrationOptions(db(), user, relyingPartyOf(context.locals.site)));
});

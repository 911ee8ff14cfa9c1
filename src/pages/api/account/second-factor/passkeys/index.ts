// POST /api/account/second-factor/passkeys {name, response}: adds the passkey the browser made for
// the challenge from ./options (then the recovery codes, the first time). DELETE ?id=..: removes
// one (an admin keeps at least one factor). Both need a session that proved the second factor.
// The first passkey's answer holds the recovery codes: never kept for a replay (keyed: false).
import { ZPasskeyRegistration } from '~/schemas/second-factor';
import { addPasskey, relyingPartyOf, removeSecondFactor, requireProvedSession } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route(
  { auth: 'user', body: ZPasskeyRegistration, keyed: false },
  async ({ user, body, context }) => {
    requireProvedSession(user);
    const added = await addPasskey(db(), user, relyingPartyOf(context.locals.site), {
      name: body.name,
      response: body.response as never,
    });
    return Response.json(added);
  },
);

export const DELETE = route({ auth: 'user' }, async ({ user, context }) => {
  requireProvedSession(user);
  const id = (context.url.searchParams.get('id') ?? '').slice(0, 1400);
  await removeSecondFactor(db(), user, { kind: 'passkey', id });
  return Response.json({ ok: true });
});

// POST /api/auth/passkey {response}: the sign-in's second step with a passkey (the answer to the
// challenge from /api/auth/passkey-options), with the pending sign-in's cookie. Opens the session,
// marked as made with a second factor; 401 when the passkey is not right or the sign-in ended.
import { ZPasskeyAuthentication } from '~/schemas/second-factor';
import { answerSecondStep, relyingPartyOf } from '~/server/accounts';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZPasskeyAuthentication }, ({ context, user, body }) =>
  answerSecondStep(context, user, {
    passkey: body.response as never,
    rp: relyingPartyOf(context.locals.site),
  }),
);

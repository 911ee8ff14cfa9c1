// POST /api/auth/second-factor {code}: the sign-in's second step, with the cookie the password
// step set (this browser's). A right authenticator or recovery code opens the session, marked as
// made with a second factor; 401 for a wrong, reused or expired one; 429 past 5 tries.
import { ZSecondFactorCode } from '~/schemas/second-factor';
import { answerSecondStep } from '~/server/accounts';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZSecondFactorCode }, ({ context, user, body }) =>
  answerSecondStep(context, user, body.code),
);

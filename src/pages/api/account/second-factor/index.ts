// GET /api/account/second-factor: the account's second factors (an authenticator app, recovery
// codes left) and whether this session proved one.
import { factorStatus } from '~/server/auth/second-factor/factor-status';
import { db } from '~/server/db/client';
import { route } from '~/server/route';

export const prerender = false;

export const GET = route({ auth: 'user' }, async ({ user }) =>
  Response.json({ ...(await factorStatus(db(), user.id)), sessionProved: user.secondFactor.proved }),
);

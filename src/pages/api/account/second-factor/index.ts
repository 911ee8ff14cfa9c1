// GET /api/account/second-factor: the account's second factors (an authenticator app, recovery
// codes left) and whether this session proved one.
import { factorStatus } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'user' }, async ({ user }) =>
  Response.json({ ...(await factorStatus(db(), user.id)), sessionProved: user.secondFactor.proved }),
);

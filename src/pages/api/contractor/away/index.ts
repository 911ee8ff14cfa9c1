// GET /api/contractor/away: the caller's away periods that have not ended ({periods}). PUT
// {firstDay, lastDay, reason}: adds one (replacing those it overlaps); no lead is sold while away
// and the response clock stops. The caller's own business only.
import { ZAwayInput } from '~/schemas/away';
import { readAway, setAway, requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireOwnedBusiness(db(), user.id);
  return Response.json(await readAway(db(), business.id));
});

export const PUT = route({ auth: 'contractor', body: ZAwayInput }, async ({ user, body }) => {
  const business = await requireOwnedBusiness(db(), user.id);
  return Response.json(await setAway(db(), business.id, body));
});

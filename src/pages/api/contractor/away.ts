// GET /api/contractor/away: the caller's away period that has not ended, if any. PUT {firstDay,
// lastDay, reason}: sets it (replacing one that has not ended); no lead is sold while away and the
// response clock stops. DELETE: ends it now (or cancels one that has not begun).
import { ZAwayInput } from '~/schemas/away';
import { endAway, readAway, setAway } from '~/server/contractor/away';
import { requireOwnedBusiness } from '~/server/contractor/owned-business';
import { db } from '~/server/db/client';
import { route } from '~/server/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireOwnedBusiness(db(), user.id);
  return Response.json(await readAway(db(), business.id));
});

export const PUT = route({ auth: 'contractor', body: ZAwayInput }, async ({ user, body }) => {
  const business = await requireOwnedBusiness(db(), user.id);
  return Response.json(await setAway(db(), business.id, body));
});

export const DELETE = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireOwnedBusiness(db(), user.id);
  return Response.json(await endAway(db(), business.id));
});

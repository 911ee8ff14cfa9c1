// DELETE /api/contractor/away/:id: ends one of the caller's away periods now (under way) or
// cancels it (not begun) ({ended}); another business's, one that is over or an unknown one is 404.
import { AWAY_MESSAGES } from '~/domain/response-clock';
import { endAway, requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';

export const prerender = false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DELETE = route({ auth: 'contractor' }, async ({ context, user }) => {
  const business = await requireOwnedBusiness(db(), user.id);
  const id = context.params['id'] ?? '';
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', AWAY_MESSAGES.notAway);
  return Response.json(await endAway(db(), business.id, id));
});

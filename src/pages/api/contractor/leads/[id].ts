// GET /api/contractor/leads/:distributionId: one of the caller's leads with its communications
// (another business's answers 404). The first view records viewed_at.
import { requireActiveBusiness } from '~/server/accounts';
import { getLead } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await getLead(db(), business.id, context.params['id'] ?? ''));
});

// GET /api/contractor/leads/:distributionId: one of the caller's leads with its communications
// (another business's answers 404). The first view records viewed_at.
import { requireActiveBusiness } from '~/server/contractor/owned-business';
import { getLead } from '~/server/dashboard/get-lead';
import { db } from '~/server/db/client';
import { route } from '~/server/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await getLead(db(), business.id, context.params['id'] ?? ''));
});

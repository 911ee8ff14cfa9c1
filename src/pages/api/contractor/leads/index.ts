// GET /api/contractor/leads?stage=&cursor=: the caller's business's leads, newest first, by keyset pages.
import { ZLeadListQuery } from '~/schemas/lead-response';
import { requireActiveBusiness } from '~/server/accounts';
import { listLeads } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor', query: ZLeadListQuery }, async ({ user, query }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(
    await listLeads(db(), business.id, { stage: query.stage || undefined, cursor: query.cursor }),
  );
});

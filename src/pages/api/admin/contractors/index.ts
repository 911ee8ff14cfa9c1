// GET /api/admin/contractors?list=pending|claims|listed&q=&cursor=: the PENDING queue and the
// pending listing claims (newest first), or the listed (ACTIVE and SUSPENDED) businesses by name.
import { ZAdminContractorQuery } from '~/schemas/admin';
import { listContractors } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZAdminContractorQuery }, async ({ query }) =>
  Response.json(await listContractors(db(), query)),
);

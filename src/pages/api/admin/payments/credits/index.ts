// GET /api/admin/payments/credits?cursor=: the dispute queue (lead credits left open), newest first.
import { ZAdminCursorQuery } from '~/schemas/admin-payments';
import { listOpenCredits } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZAdminCursorQuery }, async ({ query }) =>
  Response.json(await listOpenCredits(db(), query)),
);

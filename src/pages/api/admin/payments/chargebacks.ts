// GET /api/admin/payments/chargebacks?cursor=: chargebacks (charge.dispute.created), newest first.
import { ZAdminCursorQuery } from '~/schemas/admin-payments';
import { listChargebacks } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZAdminCursorQuery }, async ({ query }) =>
  Response.json(await listChargebacks(db(), query)),
);

// GET /api/admin/revenue-validation?from=&to=: our ledger against the gateway's charges for a
// period of days (UTC; default the last 30), with every mismatch listed.
import { ZRevenueQuery } from '~/schemas/admin-payments';
import { validateRevenue } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZRevenueQuery }, async ({ query }) =>
  Response.json(await validateRevenue(db(), paymentGateway(db()), query)),
);

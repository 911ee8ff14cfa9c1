// GET /api/admin/payments/transactions?status=&business=&cursor=: every business's transactions,
// newest first, 25 a page; failures carry the decline reason, refunds the amount given back.
import { ZAdminTransactionQuery } from '~/schemas/admin-payments';
import { listTransactions } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZAdminTransactionQuery }, async ({ query }) =>
  Response.json(await listTransactions(db(), query)),
);

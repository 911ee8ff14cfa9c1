// GET /api/contractor/billing/transactions?range=&pageSize=&cursor=: the caller's business's
// transactions in a range (7, 30, 90 days or all), newest first, by keyset pages of 25, 50 or 100.
import { ZBillingTransactionsQuery } from '~/schemas/billing';
import { listTransactions } from '~/server/money';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route(
  { auth: 'contractor', query: ZBillingTransactionsQuery },
  async ({ user, query }) => {
    const business = await requireActiveBusiness(db(), user.id);
    const page = await listTransactions(db(), business.id, {
      range: query.range,
      pageSize: Number(query.pageSize),
      cursor: query.cursor,
    });
    return Response.json(page, { headers: { 'cache-control': 'private, no-store' } });
  },
);

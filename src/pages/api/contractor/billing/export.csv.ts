// GET /api/contractor/billing/export.csv?range=: the caller's business's transactions in a range
// as a CSV attachment, streamed as the rows are read (the same rows as the Transactions tab).
import { isoDay } from '~/domain/format';
import { ZBillingExportQuery } from '~/schemas/billing';
import { exportTransactions } from '~/server/money';
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor', query: ZBillingExportQuery }, async ({ user, query }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const day = isoDay(new Date());
  const name = `transactions-${query.range === 'all' ? 'all' : `${query.range}-days`}-${day}.csv`;
  return new Response(exportTransactions(db(), business.id, query.range), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  });
});

// The Transactions tab: one business's transactions in a range, by keyset pages of 25, 50 or 100,
// so a deep page costs what the first does.
import type { BillingRange } from '../../domain/billing-rules.ts';
import type { TransactionPage } from '../../schemas/billing.ts';
import type { Sql } from '../db/client.ts';
import { decodeCursor, encodeCursor } from '../dashboard/list-leads.ts';
import { toTransaction, transactionsQuery } from './transaction-rows.ts';

export async function listTransactions(
  sql: Sql,
  businessId: string,
  options: { range: BillingRange; pageSize: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await transactionsQuery(sql, {
    businessId,
    range: options.range,
    after,
    limit: options.pageSize + 1,
  });
  const page = rows.slice(0, options.pageSize);
  const last = page.at(-1);
  return {
    transactions: page.map(toTransaction),
    nextCursor:
      rows.length > options.pageSize && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

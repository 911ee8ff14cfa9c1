// The Transactions tab: one business's transactions in a range, by keyset pages of 25, 50 or 100,
// so a deep page costs what the first does.
import type { BillingRange } from '../../../domain/billing-rules.ts';
import type { TransactionPage } from '../../../schemas/billing.ts';
import type { Sql } from '../../platform/db/client.ts';
import { cursorCodec, keysetPage } from '../../platform/cursor.ts';
import { toTransaction, transactionsQuery } from './transaction-rows.ts';

/** The list's keyset: (created_at as PostgreSQL prints it, id). */
export const transactionListCursor = cursorCodec('contractor-transactions', ['time', 'uuid']);

export async function listTransactions(
  sql: Sql,
  businessId: string,
  options: { range: BillingRange; pageSize: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const [at, id] = options.cursor ? transactionListCursor.read(options.cursor) : [];
  const after = at && id ? { at, id } : null;
  const rows = await transactionsQuery(sql, {
    businessId,
    range: options.range,
    after,
    limit: options.pageSize + 1,
  });
  const { page, nextCursor } = keysetPage(rows, options.pageSize, transactionListCursor, (r) => [
    r.cursor_at,
    r.id,
  ]);
  return {
    transactions: page.map(toTransaction),
    nextCursor,
  };
}

// The CSV export: the same rows as the Transactions tab for a range, written by csv-stringify
// while a postgres.js cursor reads them (500 rows at a time), so 100,000 rows never sit in memory
// at once. Descriptions and statuses in the table's words. Text cells that a spreadsheet would run
// as a formula (= + - @) get a leading '.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { neutraliseFormula, type BillingRange } from '../../../domain/billing-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { CHARGE_WORDS, wordFor } from '../../../domain/format.ts';
import { decimalDollars } from '../../../domain/money.ts';
import { describeTransaction, transactionsQuery, type TransactionRow } from './transaction-rows.ts';

const CSV_COLUMNS = ['Date', 'Description', 'Amount (USD)', 'Status', 'Receipt', 'Failure'] as const;
const CURSOR_ROWS = 500;

export function csvRecord(row: TransactionRow): string[] {
  const cells = [
    row.created_at.toISOString(),
    describeTransaction(row),
    decimalDollars(row.payment_amount_cents),
    wordFor(CHARGE_WORDS, row.payment_status),
    row.receipt_url ?? '',
    row.failure_message ?? '',
  ];
  return cells.map(neutraliseFormula);
}

export function exportTransactions(
  sql: Sql,
  businessId: string,
  range: BillingRange,
): ReadableStream<Uint8Array> {
  async function* records() {
    for await (const rows of transactionsQuery(sql, { businessId, range }).cursor(CURSOR_ROWS)) {
      for (const row of rows) yield csvRecord(row);
    }
  }
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS] });
  // A client that goes away destroys the CSV stream; the pipeline then ends the cursor.
  pipeline(Readable.from(records()), csv).catch((error: unknown) => {
    if (!csv.destroyed) csv.destroy(error as Error);
  });
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

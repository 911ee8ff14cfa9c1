// The Transactions tab: a range (7, 30, 90 days or all) and a page size (25, 50, 100), keyset pages
// with Previous and Next, and the export link of the same range (the CSV has the table's rows).
// Under 640 px the table's rows are cards (billing.css). "Request refund" opens RefundDialog.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  BILLING_MESSAGES as M,
  BILLING_PAGE_SIZES,
  BILLING_RANGES,
  type BillingPageSize,
  type BillingRange,
} from '../../domain/billing-rules.ts';
import { CREDIT_WINDOW_DAYS } from '../../domain/credit-rules.ts';
import type { BillingTransaction, TransactionPage } from '../../schemas/billing.ts';
import { billingQuery } from './billing-query.ts';
import RefundDialog from './RefundDialog.tsx';
import TransactionRow from './TransactionRow.tsx';
import { useSlow } from './useSlow.ts';

const RANGE_LABELS: Record<BillingRange, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  all: 'All time',
};

export default function TransactionsTab(props: {
  range: BillingRange;
  onRange: (range: BillingRange) => void;
  /** A refund changed a charge: the page's figures are read again. */
  onChanged: () => void;
}) {
  const { range, onRange } = props;
  const rangeId = useId();
  const sizeId = useId();
  const [pageSize, setPageSize] = useState<BillingPageSize>('25');
  /** Cursors of the pages before the current one (the first page's is null). */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [refunding, setRefunding] = useState<BillingTransaction | null>(null);
  const cursor = cursors.at(-1) ?? null;
  const query = new URLSearchParams({ range, pageSize });
  if (cursor) query.set('cursor', cursor);
  const url = `/api/contractor/billing/transactions?${query.toString()}`;
  // The table stays until the next answer arrives; a failed read shows none.
  const read = useQuery({ ...billingQuery<TransactionPage>(url), placeholderData: keepPreviousData });
  const loading = read.isFetching;
  const slow = useSlow(loading ? `${url}#${read.dataUpdatedAt}/${read.errorUpdatedAt}` : null);
  const page = read.isError ? null : (read.data ?? null);
  const failed = !loading && !page;

  const restart = () => setCursors([null]);

  return (
    <div className="billing-transactions">
      <div className="billing-filters">
        <div className="billing-filter">
          <label htmlFor={rangeId}>Range</label>
          <select
            id={rangeId}
            value={range}
            onChange={(e) => {
              onRange(e.target.value as BillingRange);
              restart();
            }}
          >
            {BILLING_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="billing-filter">
          <label htmlFor={sizeId}>Per page</label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(e) => {
              setPageSize(e.target.value as BillingPageSize);
              restart();
            }}
          >
            {BILLING_PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      {failed && (
        <p role="alert" className="billing-banner error">
          {M.transactionsFailed}
        </p>
      )}
      {loading && slow && <p role="status">{M.slow}</p>}
      {page && !failed && (
        <>
          {/* Roles stated: under 640 px the rows are laid out as cards, and a table laid out so
              keeps its meaning only when its roles are given. */}
          <table role="table" className="billing-table billing-transactions-table" aria-busy={loading}>
            <caption>
              Transactions, {RANGE_LABELS[range].toLowerCase()}, page {cursors.length}
            </caption>
            <thead role="rowgroup">
              <tr role="row">
                {['Date', 'Description', 'Amount', 'Status', 'Credit', 'Actions'].map((name) => (
                  <th key={name} role="columnheader" scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {page.transactions.map((t) => (
                <TransactionRow key={t.id} t={t} onRefund={setRefunding} />
              ))}
            </tbody>
          </table>
          {!page.transactions.length && <p>No transactions in this range.</p>}
          <p className="muted">
            A lead charge can be refunded for {CREDIT_WINDOW_DAYS} days after it: Request refund on its row.
            Plan payments are not refunded: cancel the plan on the Subscription tab to stop the next one.
          </p>
          <div className="billing-pager">
            <button
              type="button"
              className="btn secondary"
              disabled={cursors.length === 1 || loading}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Previous page
            </button>
            <button
              type="button"
              className="btn secondary"
              disabled={!page.nextCursor || loading}
              onClick={() => page.nextCursor && setCursors([...cursors, page.nextCursor])}
            >
              Next page
            </button>
          </div>
        </>
      )}
      <RefundDialog
        charge={refunding}
        onClose={(changed) => {
          setRefunding(null);
          if (changed) props.onChanged();
        }}
      />
    </div>
  );
}

// The payments page's Transactions, Failures and Refunds tabs: the ledger filtered by status (a
// tab presets it) and by business, in keyset pages.
import { useId, useState } from 'react';
import {
  PAYMENTS_MESSAGES as M,
  TRANSACTION_FILTERS,
  TRANSACTION_STATUS_WORDS,
  type TransactionFilter,
} from '../../../domain/admin-payments-rules.ts';
import { formatDateTime, formatMoney, wordFor } from '../../../domain/format.ts';
import type { AdminTransaction, AdminTransactionPage } from '../../../schemas/admin-payments.ts';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';

type FormEvent = { preventDefault: () => void };

const CHIP: Record<string, string> = {
  paid: 'ok',
  succeeded: 'ok',
  failed: 'danger',
  refunded: 'info',
  pending: 'warn',
};

const Status = (props: { status: string }) => (
  <span className={`chip ${CHIP[props.status] ?? ''}`}>
    {wordFor(TRANSACTION_STATUS_WORDS, props.status)}
  </span>
);

export default function Transactions(props: { preset: TransactionFilter | null }) {
  const ids = { status: useId(), business: useId() };
  const [draft, setDraft] = useState({ status: '', business: '' });
  const [filters, setFilters] = useState({ status: '', business: '' });
  const status = props.preset ?? filters.status;
  const list = useKeysetList(
    '/api/admin/payments/transactions',
    { status, business: filters.business },
    (page: AdminTransactionPage) => page.transactions,
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ status: draft.status, business: draft.business.trim() });
  };
  const name = props.preset
    ? `${wordFor(TRANSACTION_STATUS_WORDS, props.preset).toLowerCase()} transactions`
    : 'transactions';
  const failures = props.preset === 'failed';
  const columns: Column<AdminTransaction>[] = [
    { label: 'Business', kind: 'title', cell: (t) => t.businessName },
    { label: 'Date', cell: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time> },
    { label: 'Description', cell: (t) => t.description ?? '—' },
    { label: 'Amount', kind: 'num', cell: (t) => formatMoney(t.amountCents) },
    { label: 'Status', cell: (t) => <Status status={t.status} /> },
    {
      label: failures ? 'Decline reason' : 'Refunded',
      cell: (t) =>
        failures || t.status === 'failed'
          ? (t.failureMessage ?? '—')
          : t.refundedCents
            ? formatMoney(t.refundedCents)
            : '—',
    },
    { label: 'Charge', kind: 'id', cell: (t) => t.paymentIntentId ?? '—' },
  ];
  return (
    <div>
      <form className="admin-filters" onSubmit={apply} aria-label={`Filter ${name}`}>
        {!props.preset && (
          <label htmlFor={ids.status}>
            Status
            <select
              id={ids.status}
              value={draft.status}
              onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}
            >
              <option value="">Any status</option>
              {TRANSACTION_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {wordFor(TRANSACTION_STATUS_WORDS, f)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label htmlFor={ids.business}>
          Business
          <input
            id={ids.business}
            type="search"
            maxLength={100}
            value={draft.business}
            onChange={(e) => setDraft((d) => ({ ...d, business: e.target.value }))}
          />
        </label>
        <button className="btn" type="submit">
          Filter
        </button>
      </form>
      <KeysetTable
        list={list}
        caption={name}
        columns={columns}
        rowKey={(t) => t.id}
        empty={M.noTransactions}
        more="Show more transactions"
      />
    </div>
  );
}

// The revenue-validation page: our ledger against the gateway's charges for a period of days
// (default the last 30), with every mismatch listed, or the clean result.
import { useId, useState } from 'react';
import {
  GATEWAY_STATUS_WORDS,
  MISMATCH_LABELS,
  PAYMENTS_MESSAGES as M,
  TRANSACTION_STATUS_WORDS,
} from '../../domain/admin-payments-rules.ts';
import { formatDateTime, formatDay, formatMoney, plural, wordFor } from '../../domain/format.ts';
import type { RevenueMismatch, RevenueReport } from '../../schemas/admin-payments.ts';
import { useRead, withQueries } from '../shared/query.tsx';
import AdminTable, { type Column } from './kit/AdminTable.tsx';

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

const COLUMNS: Column<RevenueMismatch>[] = [
  { label: 'Kind', kind: 'title', cell: (m) => MISMATCH_LABELS[m.kind] },
  { label: 'When', cell: (m) => <time dateTime={m.at}>{formatDateTime(m.at)}</time> },
  { label: 'Business', cell: (m) => m.businessName ?? '—' },
  {
    label: 'Ledger',
    cell: (m) => `${money(m.ledgerAmountCents)} ${wordFor(TRANSACTION_STATUS_WORDS, m.ledgerStatus)}`,
  },
  {
    label: 'Gateway',
    cell: (m) => `${money(m.gatewayAmountCents)} ${wordFor(GATEWAY_STATUS_WORDS, m.gatewayStatus)}`,
  },
  { label: 'What differs', cell: (m) => m.detail },
  {
    label: 'Charge and transaction',
    kind: 'id',
    cell: (m) => (
      <>
        {m.paymentIntentId ?? '—'}
        {m.transactionId && <div className="muted">{m.transactionId}</div>}
      </>
    ),
  },
];

function RevenueValidation() {
  const ids = { from: useId(), to: useId() };
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [period, setPeriod] = useState({ from: '', to: '' });
  const query = new URLSearchParams(Object.entries(period).filter(([, v]) => v !== '')).toString();
  const [checked] = useRead<RevenueReport>(`/api/admin/revenue-validation?${query}`);
  const error = checked.isError ? checked.error.message : null;
  /** Checking until the current period's answer has come back. */
  const loading = checked.isPending;
  // The last report the server gave (kept beside a refusal); its period fills the dates.
  const [report, setReport] = useState<RevenueReport | null>(null);
  if (checked.data && checked.data !== report) {
    setReport(checked.data);
    setDraft({ from: checked.data.from, to: checked.data.to });
  }

  const check = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setPeriod({ ...draft });
  };

  return (
    <div>
      <form className="admin-filters" onSubmit={check} aria-label="Period to check">
        <label htmlFor={ids.from}>
          From
          <input
            id={ids.from}
            type="date"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        </label>
        <label htmlFor={ids.to}>
          To
          <input
            id={ids.to}
            type="date"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </label>
        <button className="btn" type="submit" disabled={loading}>
          Check
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {loading && <p className="muted">Checking…</p>}
      {report && !loading && (
        <section aria-labelledby="revenue-result-h">
          <h2 id="revenue-result-h">
            {formatDay(report.from)} to {formatDay(report.to)}
          </h2>
          <p>
            {plural(report.ledgerRows, 'transaction')} in our ledger,{' '}
            {plural(report.gatewayCharges, 'charge attempt')} at the{' '}
            {report.gateway === 'stripe' ? 'Stripe' : 'sandbox'} gateway, {report.matched} matched.
          </p>
          {report.mismatches.length === 0 ? (
            <p role="status">{M.clean}</p>
          ) : (
            <AdminTable
              caption={plural(report.mismatches.length, 'mismatch', 'mismatches')}
              showCaption
              columns={COLUMNS}
              rows={report.mismatches}
              rowKey={(m) => `${m.kind}-${m.transactionId ?? ''}-${m.paymentIntentId ?? ''}`}
            />
          )}
        </section>
      )}
    </div>
  );
}

/** The island, with the report read through the islands' data layer. */
export default withQueries(RevenueValidation);

// The revenue-validation page: our ledger against the gateway's charges for a period of days
// (default the last 30), with every mismatch listed, or the clean result.
import { useEffect, useId, useState } from 'react';
import { MISMATCH_LABELS, PAYMENTS_MESSAGES as M } from '../../domain/admin-payments-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import type { RevenueReport } from '../../schemas/admin-payments.ts';
import { api, UNEXPECTED } from '../shared/api.ts';

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

export default function RevenueValidation() {
  const ids = { from: useId(), to: useId() };
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [period, setPeriod] = useState({ from: '', to: '' });
  const [report, setReport] = useState<RevenueReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = new URLSearchParams(Object.entries(period).filter(([, v]) => v !== '')).toString();
  /** The period whose answer has come back: checking until it is the current one. */
  const [answered, setAnswered] = useState<string | null>(null);
  const loading = answered !== query;

  useEffect(() => {
    let live = true;
    void api<RevenueReport>('GET', `/api/admin/revenue-validation?${query}`).then((answer) => {
      if (!live) return;
      setAnswered(query);
      if (!answer.ok) return setError(answer.body.error ?? UNEXPECTED);
      setError(null);
      setReport(answer.body);
      setDraft({ from: answer.body.from, to: answer.body.to });
    });
    return () => {
      live = false;
    };
  }, [query]);

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
            {report.from} to {report.to}
          </h2>
          <p>
            {report.ledgerRows} transactions in our ledger, {report.gatewayCharges} charge attempts at the{' '}
            {report.gateway === 'stripe' ? 'Stripe' : 'sandbox'} gateway, {report.matched} matched.
          </p>
          {report.mismatches.length === 0 ? (
            <p role="status">{M.clean}</p>
          ) : (
            <table className="admin-table">
              <caption>
                {report.mismatches.length} {report.mismatches.length === 1 ? 'mismatch' : 'mismatches'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">When</th>
                  <th scope="col">Business</th>
                  <th scope="col">Ledger</th>
                  <th scope="col">Gateway</th>
                  <th scope="col">What differs</th>
                  <th scope="col">Charge and transaction</th>
                </tr>
              </thead>
              <tbody>
                {report.mismatches.map((m) => (
                  <tr key={`${m.kind}-${m.transactionId ?? ''}-${m.paymentIntentId ?? ''}`}>
                    <td>{MISMATCH_LABELS[m.kind]}</td>
                    <td>
                      <time dateTime={m.at}>{new Date(m.at).toLocaleString('en-US')}</time>
                    </td>
                    <td>{m.businessName ?? '—'}</td>
                    <td>
                      {money(m.ledgerAmountCents)} {m.ledgerStatus ?? ''}
                    </td>
                    <td>
                      {money(m.gatewayAmountCents)} {m.gatewayStatus ?? ''}
                    </td>
                    <td>{m.detail}</td>
                    <td>
                      {m.paymentIntentId ?? '—'}
                      {m.transactionId && <div className="muted">{m.transactionId}</div>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}

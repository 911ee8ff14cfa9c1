// The admin payments page: tabs Transactions (status and business filters), Failures (with the
// decline reason), Refunds, Disputes (the queue of credit requests: grant, refunded to the card,
// or decline, always with a reason the contractor reads) and Chargebacks. Keyset pages ("Show more").
import { useId, useState } from 'react';
import {
  CREDIT_DECISION_MAX,
  PAYMENTS_MESSAGES as M,
  TRANSACTION_FILTERS,
  type TransactionFilter,
} from '../../domain/admin-payments-rules.ts';
import { creditReasonLabel } from '../../domain/credit-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import type {
  AdminChargebackPage,
  AdminCreditPage,
  AdminCreditRequest,
  AdminTransaction,
  AdminTransactionPage,
} from '../../schemas/admin-payments.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useKeysetList, type KeysetList } from './use-keyset-list.ts';

type FormEvent = { preventDefault: () => void };

export const PAYMENT_TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'failures', label: 'Failures' },
  { id: 'refunds', label: 'Refunds' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'chargebacks', label: 'Chargebacks' },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]['id'];

const STATUS_LABEL: Record<AdminTransaction['status'], string> = {
  paid: 'Paid',
  succeeded: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  legacy: 'Legacy',
};
const FILTER_LABEL: Record<TransactionFilter, string> = {
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  pending: 'Pending',
  legacy: 'Legacy',
};

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});
const Time = (props: { at: string }) => <time dateTime={props.at}>{when.format(new Date(props.at))}</time>;

function More<T>(props: { list: KeysetList<T>; label: string }) {
  if (!props.list.cursor) return null;
  return (
    <button
      type="button"
      className="btn secondary"
      disabled={props.list.loading}
      onClick={() => void props.list.more()}
    >
      {props.label}
    </button>
  );
}

function Transactions(props: { preset: TransactionFilter | null }) {
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
  const name = props.preset ? `${FILTER_LABEL[props.preset].toLowerCase()} transactions` : 'transactions';
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
                  {FILTER_LABEL[f]}
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
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && list.rows.length === 0 ? (
        <p className="muted">{M.noTransactions}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{name}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Business</th>
              <th scope="col">Description</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">{props.preset === 'failed' ? 'Decline reason' : 'Refunded'}</th>
              <th scope="col">Charge</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((t) => (
              <tr key={t.id}>
                <td>
                  <Time at={t.createdAt} />
                </td>
                <td>{t.businessName}</td>
                <td>{t.description ?? '—'}</td>
                <td>{formatMoney(t.amountCents)}</td>
                <td>{STATUS_LABEL[t.status]}</td>
                <td>
                  {props.preset === 'failed' || t.status === 'failed'
                    ? (t.failureMessage ?? '—')
                    : t.refundedCents
                      ? formatMoney(t.refundedCents)
                      : '—'}
                </td>
                <td>{t.paymentIntentId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <More list={list} label="Show more transactions" />
      {list.loading && <p className="muted">Loading…</p>}
    </div>
  );
}

function DecisionForm(props: {
  credit: AdminCreditRequest;
  action: 'grant' | 'decline';
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const verb = props.action === 'grant' ? 'granting' : 'declining';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) props.onSubmit(reason.trim());
  };
  return (
    <form className="admin-inline-form" onSubmit={submit}>
      <label htmlFor={id}>
        Reason for {verb} the credit to {props.credit.businessName} (sent to the contractor)
      </label>
      <textarea
        id={id}
        required
        maxLength={CREDIT_DECISION_MAX}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="admin-actions">
        <button className="btn" type="submit" disabled={props.busy || !reason.trim()}>
          {props.action === 'grant' ? `Refund ${formatMoney(props.credit.amountCents)}` : 'Decline request'}
        </button>
        <button className="btn secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Disputes() {
  const list = useKeysetList('/api/admin/payments/credits', {}, (page: AdminCreditPage) => page.credits);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const decide = async (credit: AdminCreditRequest, action: 'grant' | 'decline', reason: string) => {
    setBusy(credit.id);
    setMessage(null);
    const answer = await api<{ credit: AdminCreditRequest }>(
      'POST',
      `/api/admin/payments/credits/${credit.id}/${action}`,
      { reason },
    );
    setBusy(null);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setOpen(null);
    const after = answer.body.credit;
    if (after.status === 'open') {
      // The gateway refused the refund: the request stays, with what happened in its finding.
      list.setRows((rows) => rows.map((r) => (r.id === after.id ? after : r)));
      return setMessage(`The refund to ${after.businessName} did not go through: ${after.finding}`);
    }
    list.setRows((rows) => rows.filter((r) => r.id !== credit.id));
    setMessage(
      action === 'grant'
        ? after.status === 'refunded'
          ? `${formatMoney(after.amountCents)} refunded to ${after.businessName}; they were e-mailed your reason.`
          : `Credit to ${after.businessName} granted; the refund is under way.`
        : `Credit request of ${after.businessName} declined; they were e-mailed your reason.`,
    );
  };

  return (
    <div>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && list.rows.length === 0 ? (
        <p className="muted">{M.noCredits}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">Open credit requests</caption>
          <thead>
            <tr>
              <th scope="col">Requested</th>
              <th scope="col">Business</th>
              <th scope="col">Lead</th>
              <th scope="col">Reason and note</th>
              <th scope="col">Our check</th>
              <th scope="col">Amount</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((c) => (
              <tr key={c.id}>
                <td>
                  <Time at={c.createdAt} />
                </td>
                <td>
                  {c.businessName}
                  {c.businessEmail && <div className="muted">{c.businessEmail}</div>}
                </td>
                <td>
                  {c.projectType} in {c.place}
                  {c.chargedAt && (
                    <div className="muted">
                      charged <Time at={c.chargedAt} />
                    </div>
                  )}
                </td>
                <td>
                  {creditReasonLabel(c.reason)}
                  {c.note && <div>“{c.note}”</div>}
                </td>
                <td>{c.finding}</td>
                <td>{formatMoney(c.amountCents)}</td>
                <td>
                  {open === `grant:${c.id}` || open === `decline:${c.id}` ? (
                    <DecisionForm
                      credit={c}
                      action={open.startsWith('grant') ? 'grant' : 'decline'}
                      busy={busy === c.id}
                      onSubmit={(reason) =>
                        void decide(c, open.startsWith('grant') ? 'grant' : 'decline', reason)
                      }
                      onCancel={() => setOpen(null)}
                    />
                  ) : (
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="btn"
                        aria-label={`Grant credit to ${c.businessName} for the ${c.projectType} lead`}
                        onClick={() => setOpen(`grant:${c.id}`)}
                      >
                        Grant
                      </button>
                      <button
                        type="button"
                        className="btn secondary"
                        aria-label={`Decline credit to ${c.businessName} for the ${c.projectType} lead`}
                        onClick={() => setOpen(`decline:${c.id}`)}
                      >
                        Decline
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <More list={list} label="Show more credit requests" />
      {list.loading && <p className="muted">Loading…</p>}
    </div>
  );
}

function Chargebacks() {
  const list = useKeysetList(
    '/api/admin/payments/chargebacks',
    {},
    (page: AdminChargebackPage) => page.chargebacks,
  );
  return (
    <div>
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && list.rows.length === 0 ? (
        <p className="muted">{M.noChargebacks}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">Chargebacks</caption>
          <thead>
            <tr>
              <th scope="col">Opened</th>
              <th scope="col">Business</th>
              <th scope="col">Amount</th>
              <th scope="col">Bank’s reason</th>
              <th scope="col">Stripe status</th>
              <th scope="col">Evidence due</th>
              <th scope="col">Dispute</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((c) => (
              <tr key={c.id}>
                <td>
                  <Time at={c.createdAt} />
                </td>
                <td>{c.businessName ?? 'Not one of our charges'}</td>
                <td>{formatMoney(c.amountCents)}</td>
                <td>{c.reason}</td>
                <td>{c.stripeStatus}</td>
                <td>{c.evidenceDueBy ? <Time at={c.evidenceDueBy} /> : '—'}</td>
                <td>
                  {c.disputeId}
                  <div className="muted">{c.chargeId}</div>
                </td>
                <td>{c.status === 'open' ? 'Open' : 'Resolved'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <More list={list} label="Show more chargebacks" />
      {list.loading && <p className="muted">Loading…</p>}
    </div>
  );
}

export default function PaymentsAdmin(props: { tab: PaymentTab }) {
  const [tab, setTab] = useState<PaymentTab>(props.tab);
  const choose = (next: PaymentTab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return (
    <div>
      <nav aria-label="Payments sections" className="admin-actions">
        {PAYMENT_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            className={t.id === tab ? 'btn' : 'btn secondary'}
            aria-pressed={t.id === tab}
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <section aria-labelledby="payments-tab-h">
        <h2 id="payments-tab-h">{PAYMENT_TABS.find((t) => t.id === tab)!.label}</h2>
        {tab === 'transactions' && <Transactions key="all" preset={null} />}
        {tab === 'failures' && <Transactions key="failed" preset="failed" />}
        {tab === 'refunds' && <Transactions key="refunded" preset="refunded" />}
        {tab === 'disputes' && <Disputes />}
        {tab === 'chargebacks' && <Chargebacks />}
      </section>
    </div>
  );
}

// The admin leads page: every lead newest first (keyset pages, "Load more"), filtered by
// qualification and a search; one lead opened below the list with why it was qualified or not,
// its score rule by rule, and its distributions; "Re-send to the next pro" sends it through the
// pipeline. Each click carries a key made for it, kept for a retry after a lost answer, so the
// server charges once however often it arrives.
import { useEffect, useId, useRef, useState } from 'react';
import {
  ADMIN_LEAD_MESSAGES as M,
  CHARGE_LABELS,
  CREDIT_LABELS,
  LEAD_QUALIFICATIONS,
  QUALIFICATION_LABELS,
  qualificationLabel,
} from '../../domain/admin-lead-rules.ts';
import { creditReasonLabel } from '../../domain/credit-rules.ts';
import { LEAD_STAGE_LABELS } from '../../domain/lead-stages.ts';
import { formatMoney } from '../../domain/money.ts';
import { TIMELINES } from '../../domain/quote-rules.ts';
import type { AdminLeadDetail, AdminLeadPage, AdminLeadResendResult } from '../../schemas/admin-leads.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useKeysetList } from './use-keyset-list.ts';

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');
const dollars = (n: number) => formatMoney(n * 100, { wholeDollars: true });
const timelineLabel = (v: string) => TIMELINES.find((t) => t.value === v)?.label ?? v;
const stageLabel = (s: string) => (LEAD_STAGE_LABELS as Record<string, string | undefined>)[s] ?? s;

interface Filters {
  qualification: string;
  q: string;
}
const NONE: Filters = { qualification: '', q: '' };

export default function LeadsAdmin(props: { initialLead?: string | null }) {
  const ids = { qualification: useId(), q: useId() };
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const list = useKeysetList('/api/admin/leads', { ...filters }, (page: AdminLeadPage) => page.leads);
  const { rows: leads, setRows, cursor, loading, error, more } = list;
  const [openId, setOpenId] = useState<string | null>(props.initialLead ?? null);

  const apply = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setFilters({ qualification: draft.qualification, q: draft.q.trim() });
  };

  /** The detail changed (a re-send): its row in the list follows. */
  const updated = (lead: AdminLeadDetail) =>
    setRows((rows) =>
      rows.map((r) =>
        r.id === lead.id
          ? {
              ...r,
              qualification: lead.qualification.value,
              distributions: lead.distributions.length,
              paid: lead.distributions.filter((d) => d.chargeStatus === 'paid').length,
            }
          : r,
      ),
    );

  return (
    <div>
      <form className="admin-filters" onSubmit={apply} aria-label="Filter the leads">
        <label htmlFor={ids.qualification}>
          Qualification
          <select
            id={ids.qualification}
            value={draft.qualification}
            onChange={(e) => setDraft((d) => ({ ...d, qualification: e.target.value }))}
          >
            <option value="">Any</option>
            {LEAD_QUALIFICATIONS.map((q) => (
              <option key={q} value={q}>
                {QUALIFICATION_LABELS[q]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.q}>
          Search e-mail, name, service, city or ZIP
          <input
            id={ids.q}
            type="search"
            maxLength={100}
            value={draft.q}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
          />
        </label>
        <button className="btn" type="submit">
          Apply filters
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {!loading && !error && leads.length === 0 ? (
        <p className="muted">{M.noLeads}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">Leads, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Homeowner</th>
              <th scope="col">Service and place</th>
              <th scope="col">Score</th>
              <th scope="col">Qualification</th>
              <th scope="col">Pros (paid)</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id} aria-current={lead.id === openId ? 'true' : undefined}>
                <td>{at(lead.createdAt)}</td>
                <td>
                  {lead.name}
                  <br />
                  <span className="muted">{lead.email}</span>
                </td>
                <td>
                  {lead.service}
                  <br />
                  <span className="muted">
                    {lead.city ?? 'No city'} {lead.zipCode ?? ''}
                  </span>
                </td>
                <td>{lead.score}</td>
                <td>{qualificationLabel(lead.qualification)}</td>
                <td>
                  {lead.distributions} ({lead.paid})
                </td>
                <td>
                  <button
                    type="button"
                    className="btn secondary"
                    aria-label={`Open the ${lead.service} lead from ${lead.name}`}
                    onClick={() => setOpenId(lead.id)}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" className="btn secondary" disabled={loading} onClick={() => void more()}>
          Load more
        </button>
      )}
      {loading && <p className="muted">Loading…</p>}
      {openId && <LeadPanel key={openId} id={openId} onChange={updated} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function LeadPanel(props: { id: string; onChange: (lead: AdminLeadDetail) => void; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [lead, setLead] = useState<AdminLeadDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The current click's key: kept until the server gives a definite answer. */
  const resendKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    void api<{ lead: AdminLeadDetail }>('GET', `/api/admin/leads/${props.id}`).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setError(answer.body.error ?? UNEXPECTED);
      setLead(answer.body.lead);
    });
    return () => {
      live = false;
    };
  }, [props.id]);
  // Opened below the list: focus moves to its heading once it has loaded.
  const loaded = lead !== null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const resend = async () => {
    resendKey.current ??= crypto.randomUUID();
    setBusy(true);
    setMessage(null);
    const answer = await api<AdminLeadResendResult>('POST', `/api/admin/leads/${props.id}/resend`, {
      requestKey: resendKey.current,
    });
    setBusy(false);
    // No answer, or the server failed part-way: the next click retries this one (same key).
    if (answer.status === 0 || answer.status >= 500) return setMessage(answer.body.error ?? UNEXPECTED);
    resendKey.current = null;
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    const result = answer.body;
    setLead(result.lead);
    props.onChange(result.lead);
    const declined = result.declined.length ? ` Declined on the way: ${result.declined.join(', ')}.` : '';
    setMessage(
      result.status === 'sent'
        ? `Sent to ${result.businessName}.${declined}`
        : `No other pro could be charged for this lead.${declined}`,
    );
  };

  if (error) return <p role="alert">{error}</p>;
  if (!lead) return <p className="muted">Loading the lead…</p>;
  const total = lead.score.rules.reduce((sum, r) => sum + r.points, 0);
  return (
    <section className="admin-lead" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {lead.service} lead from {lead.name}
      </h2>
      <button type="button" className="btn secondary" onClick={props.onClose}>
        Close the lead
      </button>
      <dl className="admin-lead-facts">
        <dt>Received</dt>
        <dd>{at(lead.createdAt)}</dd>
        <dt>Confirmed</dt>
        <dd>{at(lead.confirmedAt)}</dd>
        <dt>Homeowner</dt>
        <dd>
          {lead.name}, {lead.email}, {lead.phone}
        </dd>
        <dt>Address</dt>
        <dd>
          {lead.address}, {lead.city ?? 'no city'} {lead.zipCode ?? ''}
        </dd>
        <dt>Project</dt>
        <dd>
          {lead.propertyType}; {timelineLabel(lead.timeline)}; budget {dollars(lead.budgetMin)} –{' '}
          {dollars(lead.budgetMax)}; {lead.photoCount} photo{lead.photoCount === 1 ? '' : 's'}
        </dd>
        <dt>Description</dt>
        <dd>{lead.description}</dd>
      </dl>

      <h3>Qualification: {lead.qualification.label}</h3>
      <p>{lead.qualification.reason}</p>

      <h3>Score: {lead.score.stored}</h3>
      <table className="admin-table">
        <caption className="visually-hidden">The score rule by rule</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          {lead.score.rules.map((rule) => (
            <tr key={rule.rule}>
              <td>{rule.label}</td>
              <td>{rule.points}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total (at most 100)</th>
            <td>{lead.score.recomputed}</td>
          </tr>
        </tfoot>
      </table>
      {total > 100 && <p className="muted">The rules add up to {total}; a score is capped at 100.</p>}
      {lead.score.note && <p>{lead.score.note}</p>}

      <h3>Distributions</h3>
      {lead.distributions.length === 0 ? (
        <p className="muted">This lead has not gone to any pro.</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">The pros this lead went to</caption>
          <thead>
            <tr>
              <th scope="col">Pro</th>
              <th scope="col">Rank</th>
              <th scope="col">Stage</th>
              <th scope="col">Charge</th>
              <th scope="col">Amount</th>
              <th scope="col">Credit</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {lead.distributions.map((d) => (
              <tr key={d.id}>
                <td>{d.businessName}</td>
                <td>{d.rank}</td>
                <td>{stageLabel(d.stage)}</td>
                <td>
                  {CHARGE_LABELS[d.chargeStatus] ?? d.chargeStatus}
                  {d.failure && <span className="muted"> ({d.failure})</span>}
                </td>
                <td>{formatMoney(d.amountCents)}</td>
                <td>
                  {d.credit
                    ? `${CREDIT_LABELS[d.credit.status] ?? d.credit.status}: ${formatMoney(d.credit.amountCents)} (${creditReasonLabel(d.credit.reason)})`
                    : '—'}
                </td>
                <td>
                  Matched {at(d.createdAt)}
                  {d.chargedAt && (
                    <>
                      <br />
                      Charged {at(d.chargedAt)}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {lead.resendable ? (
        <div className="admin-actions">
          <button type="button" className="btn" disabled={busy} onClick={() => void resend()}>
            Re-send to the next pro
          </button>
        </div>
      ) : (
        <p className="muted">Only a qualified lead can be re-sent.</p>
      )}
      <p role="status" aria-live="polite">
        {busy ? 'Sending…' : message}
      </p>
    </section>
  );
}

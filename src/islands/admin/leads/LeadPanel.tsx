// One lead opened below the admin leads list: why it was qualified or not, its score rule by rule,
// its distributions, and "Re-send to the next pro". Each click carries a key made for it, kept for
// a retry after a lost answer, so the server charges once however often it arrives.
import { useEffect, useId, useRef, useState } from 'react';
import { CHARGE_LABELS, CREDIT_LABELS } from '../../../domain/admin-lead-rules.ts';
import { creditReasonLabel } from '../../../domain/credit-rules.ts';
import {
  displayName,
  endSentence,
  formatBudget,
  formatDateTime,
  formatMoney,
  formatPhone,
  phoneHref,
  plural,
} from '../../../domain/format.ts';
import { LEAD_STAGE_LABELS } from '../../../domain/lead-stages.ts';
import { TIMELINES } from '../../../domain/quote-rules.ts';
import type {
  AdminLeadDetail,
  AdminLeadDistribution,
  AdminLeadResendResult,
} from '../../../schemas/admin-leads.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import { useRead } from '../../shared/query.tsx';
import AdminTable, { type Column } from '../kit/AdminTable.tsx';
import { Address } from '../kit/facts.tsx';
import { StatusLine } from '../../shared/notices.tsx';

const at = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const timelineLabel = (v: string) => TIMELINES.find((t) => t.value === v)?.label ?? displayName(v);
const stageLabel = (s: string) =>
  (LEAD_STAGE_LABELS as Record<string, string | undefined>)[s] ?? displayName(s);

type Rule = AdminLeadDetail['score']['rules'][number];
const RULE_COLUMNS: Column<Rule>[] = [
  { label: 'Rule', header: true, cell: (r) => r.label },
  { label: 'Points', kind: 'num', cell: (r) => r.points },
];

const PRO_COLUMNS: Column<AdminLeadDistribution>[] = [
  { label: 'Pro', kind: 'title', cell: (d) => d.businessName },
  { label: 'Rank', kind: 'num', cell: (d) => d.rank },
  { label: 'Stage', cell: (d) => stageLabel(d.stage) },
  {
    label: 'Charge',
    cell: (d) => (
      <>
        {CHARGE_LABELS[d.chargeStatus] ?? displayName(d.chargeStatus)}
        {d.failure && <span className="muted"> ({d.failure})</span>}
      </>
    ),
  },
  { label: 'Amount', kind: 'num', cell: (d) => formatMoney(d.amountCents) },
  {
    label: 'Credit',
    cell: (d) =>
      d.credit
        ? `${CREDIT_LABELS[d.credit.status] ?? displayName(d.credit.status)}: ${formatMoney(d.credit.amountCents)} (${creditReasonLabel(d.credit.reason)})`
        : '—',
  },
  {
    label: 'When',
    cell: (d) => (
      <>
        Matched {at(d.createdAt)}
        {d.chargedAt && (
          <>
            <br />
            Charged {at(d.chargedAt)}
          </>
        )}
      </>
    ),
  },
];

export default function LeadPanel(props: {
  id: string;
  onChange: (lead: AdminLeadDetail) => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [read, put] = useRead<{ lead: AdminLeadDetail }>(`/api/admin/leads/${props.id}`);
  const lead = read.data?.lead ?? null;
  const error = read.isError ? read.error.message : null;
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The current click's key: kept until the server gives a definite answer. */
  const resendKey = useRef<string | null>(null);

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
    put({ lead: result.lead });
    props.onChange(result.lead);
    const declined = result.declined.length ? ` Declined on the way: ${result.declined.join(', ')}.` : '';
    setMessage(
      result.status === 'sent'
        ? `${endSentence(`Sent to ${result.businessName}`)}${declined}`
        : `No other pro could be charged for this lead.${declined}`,
    );
  };

  if (error) return <p role="alert">{error}</p>;
  if (!lead) return <p className="muted">Loading the lead…</p>;
  const total = lead.score.rules.reduce((sum, r) => sum + r.points, 0);
  return (
    <section className="admin-lead" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {displayName(lead.service)} lead from {lead.name}
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
          {lead.name}, <a href={`mailto:${lead.email}`}>{lead.email}</a>,{' '}
          <a href={phoneHref(lead.phone)}>{formatPhone(lead.phone)}</a>
        </dd>
        <dt>Address</dt>
        <dd>
          <Address
            address={lead.address}
            city={lead.city ? displayName(lead.city) : null}
            zipCode={lead.zipCode}
          />
        </dd>
        <dt>Project</dt>
        <dd>
          {displayName(lead.propertyType)}; {timelineLabel(lead.timeline)}; budget{' '}
          {formatBudget(lead.budgetMin, lead.budgetMax)}; {plural(lead.photoCount, 'photo')}
        </dd>
        <dt>Description</dt>
        <dd>{lead.description}</dd>
      </dl>

      <h3>Qualification: {lead.qualification.label}</h3>
      <p>{lead.qualification.reason}</p>

      <h3>Score: {lead.score.stored}</h3>
      <AdminTable
        caption="The score rule by rule"
        columns={RULE_COLUMNS}
        rows={lead.score.rules}
        rowKey={(r) => r.rule}
        footer={
          <tfoot>
            <tr>
              <th scope="row">Total (at most 100)</th>
              <td data-kind="num">{lead.score.recomputed}</td>
            </tr>
          </tfoot>
        }
      />
      {total > 100 && <p className="muted">The rules add up to {total}; a score is capped at 100.</p>}
      {lead.score.note && <p>{lead.score.note}</p>}

      <h3>Distributions</h3>
      {lead.distributions.length === 0 ? (
        <p className="muted">This lead has not gone to any pro.</p>
      ) : (
        <AdminTable
          caption="The pros this lead went to"
          columns={PRO_COLUMNS}
          rows={lead.distributions}
          rowKey={(d) => d.id}
        />
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
      <StatusLine>{busy ? 'Sending…' : message}</StatusLine>
    </section>
  );
}

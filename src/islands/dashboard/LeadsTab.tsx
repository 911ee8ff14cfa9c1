// The Leads tab: how many new leads wait for a first contact, the business's leads newest first,
// a stage filter, more by keyset pages, and one lead's detail in place of the list (back from it,
// focus returns to that lead's card).
import { useEffect, useId, useRef, useState } from 'react';
import { plural } from '../../domain/format.ts';
import { DASHBOARD_MESSAGES } from '../../domain/dashboard-rules.ts';
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from '../../domain/lead-stages.ts';
import type { DashboardStats, LeadPage, LeadSummary } from '../../schemas/dashboard.ts';
import { api, type ApiAnswer } from '../shared/api.ts';
import LeadCard from './LeadCard.tsx';
import LeadDetailView from './LeadDetail.tsx';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

function fetchLeads(stage: LeadStage | '', cursor: string | null): Promise<ApiAnswer<LeadPage>> {
  const query = new URLSearchParams();
  if (stage) query.set('stage', stage);
  if (cursor) query.set('cursor', cursor);
  return api<LeadPage>('GET', `/api/contractor/leads?${query.toString()}`);
}

export default function LeadsTab(props: {
  template: ChosenTemplate | null;
  onStatsChanged: (stats: DashboardStats) => void;
  /** The first page, read by the page on the server (the list is on screen before any script). */
  initialPage?: LeadPage | null;
}) {
  const filterId = useId();
  const initial = props.initialPage ?? null;
  const skipFirstLoad = useRef(initial !== null);
  const [stage, setStage] = useState<LeadStage | ''>('');
  const [leads, setLeads] = useState<LeadSummary[]>(initial?.leads ?? []);
  const [cursor, setCursor] = useState<string | null>(initial?.nextCursor ?? null);
  const [loading, setLoading] = useState(initial === null);
  const [failed, setFailed] = useState(false);
  const [newLeads, setNewLeads] = useState<number | null>(initial?.newLeads ?? null);
  const [open, setOpen] = useState<{ id: string; quote: boolean } | null>(null);
  const returnTo = useRef<string | null>(null);
  const [reloads, setReloads] = useState(0);

  const apply = (answer: ApiAnswer<LeadPage>, more: boolean) => {
    setLoading(false);
    setFailed(!answer.ok);
    if (!answer.ok) return;
    setLeads((previous) => (more ? [...previous, ...answer.body.leads] : answer.body.leads));
    setCursor(answer.body.nextCursor);
    setNewLeads(answer.body.newLeads);
  };

  useEffect(() => {
    // The server's first page stands for the first load (all stages); later loads fetch.
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    let live = true;
    void fetchLeads(stage, null).then((answer) => {
      if (live) apply(answer, false);
    });
    return () => {
      live = false;
    };
  }, [stage, reloads]);

  // A mailed link (a homeowner's message, issue 25) opens its lead: /dashboard?lead=<id>.
  useEffect(() => {
    const lead = new URLSearchParams(window.location.search).get('lead');
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (lead && /^[0-9a-f-]{36}$/i.test(lead)) setOpen({ id: lead, quote: false });
  }, []);

  // Back from a lead: its card takes the focus (never the page's body).
  useEffect(() => {
    if (open || !returnTo.current) return;
    document.getElementById(`lead-${returnTo.current}`)?.focus();
    returnTo.current = null;
  }, [open]);

  const reload = () => {
    setLoading(true);
    setReloads((n) => n + 1);
  };

  const more = (after: string) => {
    setLoading(true);
    void fetchLeads(stage, after).then((answer) => apply(answer, true));
  };

  const changed = async () => {
    reload();
    const answer = await api<DashboardStats>('GET', '/api/contractor/stats');
    if (answer.ok) props.onStatsChanged(answer.body);
  };

  if (open) {
    return (
      <LeadDetailView
        distributionId={open.id}
        startQuote={open.quote}
        template={props.template}
        onBack={() => {
          returnTo.current = open.id;
          setOpen(null);
        }}
        onChanged={() => void changed()}
      />
    );
  }

  return (
    <div className="leads">
      <div className="leads-toolbar">
        <h2>Your Leads</h2>
        {newLeads !== null && (
          <p className="new-leads">
            <span className={`chip ${newLeads ? 'info' : ''}`}>{plural(newLeads, 'new lead')}</span>
            {newLeads > 0 && <span className="muted">to contact</span>}
          </p>
        )}
        <label htmlFor={filterId}>Stage</label>
        <select
          id={filterId}
          value={stage}
          onChange={(e) => {
            setLoading(true);
            setStage(e.target.value as LeadStage | '');
          }}
        >
          <option value="">All stages</option>
          {LEAD_STAGES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STAGE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {failed && (
        <p role="alert" className="error">
          {DASHBOARD_MESSAGES.loadFailed}{' '}
          <button type="button" className="link" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      {!failed && !loading && leads.length === 0 && (
        <p>
          {stage
            ? `No leads in the stage ${LEAD_STAGE_LABELS[stage]}.`
            : 'No leads yet. New leads appear here as soon as they are sent to you.'}
        </p>
      )}
      <ul className="lead-list">
        {leads.map((lead) => (
          <li key={lead.id} id={`lead-${lead.id}`} tabIndex={-1}>
            <LeadCard
              lead={lead}
              onOpen={() => setOpen({ id: lead.id, quote: false })}
              onQuote={() => setOpen({ id: lead.id, quote: true })}
            />
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="muted">
        {loading ? 'Loading leads…' : ''}
      </p>
      {cursor && !loading && (
        <button type="button" className="btn secondary" onClick={() => more(cursor)}>
          Show more leads
        </button>
      )}
    </div>
  );
}

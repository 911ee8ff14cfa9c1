// The Leads tab: the business's leads newest first, a stage filter, more by keyset pages, and
// one lead's detail in place of the list.
import { useCallback, useEffect, useId, useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../domain/dashboard-rules.ts';
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from '../../domain/lead-stages.ts';
import type { DashboardStats, LeadPage, LeadSummary } from '../../schemas/dashboard.ts';
import { api } from '../shared/api.ts';
import LeadCard from './LeadCard.tsx';
import LeadDetailView from './LeadDetail.tsx';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

export default function LeadsTab(props: {
  template: ChosenTemplate | null;
  onStatsChanged: (stats: DashboardStats) => void;
}) {
  const filterId = useId();
  const [stage, setStage] = useState<LeadStage | ''>('');
  const [leads, setLeads] = useState<LeadSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(async (filter: LeadStage | '', after: string | null) => {
    setLoading(true);
    setFailed(false);
    const query = new URLSearchParams();
    if (filter) query.set('stage', filter);
    if (after) query.set('cursor', after);
    const answer = await api<LeadPage>('GET', `/api/contractor/leads?${query.toString()}`);
    setLoading(false);
    if (!answer.ok) {
      setFailed(true);
      return;
    }
    setLeads((previous) => (after ? [...previous, ...answer.body.leads] : answer.body.leads));
    setCursor(answer.body.nextCursor);
  }, []);

  useEffect(() => {
    void load(stage, null);
  }, [load, stage]);

  const changed = async () => {
    void load(stage, null);
    const answer = await api<DashboardStats>('GET', '/api/contractor/stats');
    if (answer.ok) props.onStatsChanged(answer.body);
  };

  if (open) {
    return (
      <LeadDetailView
        distributionId={open}
        template={props.template}
        onBack={() => setOpen(null)}
        onChanged={() => void changed()}
      />
    );
  }

  return (
    <div className="leads">
      <div className="leads-toolbar">
        <h2>Your Leads</h2>
        <label htmlFor={filterId}>Stage</label>
        <select id={filterId} value={stage} onChange={(e) => setStage(e.target.value as LeadStage | '')}>
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
          <button type="button" className="link" onClick={() => void load(stage, null)}>
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
          <li key={lead.id}>
            <LeadCard lead={lead} onOpen={() => setOpen(lead.id)} />
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="muted">
        {loading ? 'Loading leads…' : ''}
      </p>
      {cursor && !loading && (
        <button type="button" className="btn secondary" onClick={() => void load(stage, cursor)}>
          Show more leads
        </button>
      )}
    </div>
  );
}

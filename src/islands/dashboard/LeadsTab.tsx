// The Leads tab: how many new leads wait for a first contact, the business's leads newest first,
// a stage filter, more by keyset pages, and one lead's detail in place of the list (back from it,
// focus returns to that lead's card).
import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { plural } from '../../domain/format.ts';
import { DASHBOARD_MESSAGES } from '../../domain/dashboard-rules.ts';
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from '../../domain/lead-stages.ts';
import type { DashboardStats, LeadPage } from '../../schemas/dashboard.ts';
import { read } from '../shared/read.ts';
import LeadCard from './LeadCard.tsx';
import LeadDetailView from './LeadDetail.tsx';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

function leadsUrl(stage: LeadStage | '', cursor: string | null): string {
  const query = new URLSearchParams();
  if (stage) query.set('stage', stage);
  if (cursor) query.set('cursor', cursor);
  return `/api/contractor/leads?${query.toString()}`;
}

export default function LeadsTab(props: {
  template: ChosenTemplate | null;
  onStatsChanged: (stats: DashboardStats) => void;
  /** The first page, read by the page on the server (the list is on screen before any script). */
  initialPage?: LeadPage | null;
}) {
  const filterId = useId();
  const client = useQueryClient();
  const [stage, setStage] = useState<LeadStage | ''>('');
  const [open, setOpen] = useState<{ id: string; quote: boolean } | null>(null);
  const returnTo = useRef<string | null>(null);
  const queryKey = ['leads', stage];
  // The server's first page stands for the first load (all stages); a stage's list stays on
  // screen until the next one comes back.
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => read<LeadPage>(leadsUrl(stage, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: () =>
      stage === '' && props.initialPage ? { pages: [props.initialPage], pageParams: [null] } : undefined,
    refetchOnMount: false,
    placeholderData: keepPreviousData,
  });
  const pages = list.data?.pages ?? [];
  const leads = pages.flatMap((p) => p.leads);
  const cursor = pages.at(-1)?.nextCursor ?? null;
  const newLeads = pages.at(-1)?.newLeads ?? null;
  const loading = list.isFetching;
  const failed = list.isError;

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

  /** The first page again (the pages read after it are dropped). */
  const reload = () => {
    client.setQueryData<InfiniteData<LeadPage, string | null>>(
      queryKey,
      (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
    );
    void list.refetch();
  };

  const more = () => void list.fetchNextPage();

  const changed = async () => {
    reload();
    // The figures on top follow the change; they stay as they were if they could not be read.
    const stats = await read<DashboardStats>('/api/contractor/stats').catch(() => null);
    if (stats) props.onStatsChanged(stats);
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
        <button type="button" className="btn secondary" onClick={more}>
          Show more leads
        </button>
      )}
    </div>
  );
}

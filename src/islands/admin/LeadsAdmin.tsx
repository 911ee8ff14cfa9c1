// The admin leads page: every lead newest first (keyset pages, "Show more"), filtered by
// qualification and a search; one lead opened below the list (src/islands/admin/leads/LeadPanel)
// with why it was qualified or not, its score rule by rule, its distributions and the re-send.
import { useId, useState } from 'react';
import {
  ADMIN_LEAD_MESSAGES as M,
  LEAD_QUALIFICATIONS,
  QUALIFICATION_LABELS,
  qualificationLabel,
} from '../../domain/admin-lead-rules.ts';
import { displayName, formatDateTime } from '../../domain/format.ts';
import type { AdminLeadDetail, AdminLeadPage, AdminLeadRow } from '../../schemas/admin-leads.ts';
import type { Column } from './kit/AdminTable.tsx';
import KeysetTable from './kit/KeysetTable.tsx';
import LeadPanel from './leads/LeadPanel.tsx';
import { useKeysetList } from './kit/use-keyset-list.ts';
import { withQueries } from '../shared/query.tsx';
import RowButton from './kit/RowButton.tsx';

interface Filters {
  qualification: string;
  q: string;
}
const NONE: Filters = { qualification: '', q: '' };

function LeadsAdmin(props: { initialLead?: string | null }) {
  const ids = { qualification: useId(), q: useId() };
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const list = useKeysetList('/api/admin/leads', { ...filters }, (page: AdminLeadPage) => page.leads);
  const [openId, setOpenId] = useState<string | null>(props.initialLead ?? null);

  const apply = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setFilters({ qualification: draft.qualification, q: draft.q.trim() });
  };

  /** The detail changed (a re-send): its row in the list follows. */
  const updated = (lead: AdminLeadDetail) =>
    list.setRows((rows) =>
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

  const columns: Column<AdminLeadRow>[] = [
    {
      label: 'Homeowner',
      kind: 'title',
      cell: (lead) => (
        <>
          {lead.name}
          <div className="muted admin-fact">{lead.email}</div>
        </>
      ),
    },
    {
      label: 'Received',
      cell: (lead) => <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>,
    },
    {
      label: 'Service and place',
      cell: (lead) => (
        <>
          {displayName(lead.service)}
          <div className="muted">
            {lead.city ? displayName(lead.city) : 'No city'} {lead.zipCode ?? ''}
          </div>
        </>
      ),
    },
    { label: 'Score', kind: 'num', cell: (lead) => lead.score },
    { label: 'Qualification', cell: (lead) => qualificationLabel(lead.qualification) },
    { label: 'Pros (paid)', cell: (lead) => `${lead.distributions} (${lead.paid})` },
    {
      label: 'Details',
      kind: 'actions',
      cell: (lead) => (
        <RowButton
          name={`Open the ${displayName(lead.service)} lead from ${lead.name}`}
          onPress={() => setOpenId(lead.id)}
        >
          Open
        </RowButton>
      ),
    },
  ];

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
      <KeysetTable
        list={list}
        caption="Leads, newest first"
        columns={columns}
        rowKey={(lead) => lead.id}
        empty={M.noLeads}
        more="Show more leads"
        current={(lead) => lead.id === openId}
      />
      {openId && <LeadPanel key={openId} id={openId} onChange={updated} onClose={() => setOpenId(null)} />}
    </div>
  );
}

/** The island, with its own query client. */
export default withQueries(LeadsAdmin);

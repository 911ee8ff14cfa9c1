// The activity log: the audit log newest first, filtered by who, what and when, more by keyset
// pages; each entry shows the values before and after, as they were recorded.
import { useId, useState } from 'react';
import { ADMIN_MESSAGES, AUDIT_ACTIONS, AUDIT_ENTITY_WORDS } from '../../domain/admin-rules.ts';
import { formatDateTime, wordFor } from '../../domain/format.ts';
import type { AuditEntry, AuditPage } from '../../schemas/admin.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import type { Column } from './kit/AdminTable.tsx';
import KeysetTable from './kit/KeysetTable.tsx';
import { useKeysetList } from './kit/use-keyset-list.ts';
import { withQueries } from '../shared/query.tsx';

interface Filters {
  actor: string;
  action: string;
  from: string;
  to: string;
}
const NONE: Filters = { actor: '', action: '', from: '', to: '' };

/** The recorded values: an audit keeps them exactly, so they are shown as recorded. */
function Values(props: { value: unknown }) {
  if (props.value === null || props.value === undefined) return <span className="muted">—</span>;
  return <pre className="admin-values">{JSON.stringify(props.value, null, 1)}</pre>;
}

const COLUMNS: Column<AuditEntry>[] = [
  { label: 'What', kind: 'title', cell: (e) => AUDIT_ACTIONS[e.action] ?? e.action },
  {
    label: 'When',
    cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
  },
  { label: 'Who', cell: (e) => e.actorEmail ?? 'System' },
  {
    label: 'Entity',
    cell: (e) =>
      e.entityType ? (
        <>
          {wordFor(AUDIT_ENTITY_WORDS, e.entityType)}
          {e.entityId && <div className="muted admin-id">{e.entityId}</div>}
        </>
      ) : (
        '—'
      ),
  },
  { label: 'Before', cell: (e) => <Values value={e.before} /> },
  { label: 'After', cell: (e) => <Values value={e.after} /> },
];

function ActivityLog(props: { actions: string[]; actors: { id: string; email: string }[] }) {
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId() };
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const log = useKeysetList('/api/admin/activity-logs', { ...filters }, (page: AuditPage) => page.entries);

  const apply = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setFilters(draft);
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <div>
      <form className="admin-filters" onSubmit={apply} aria-label="Filter the activity log">
        <label htmlFor={ids.actor}>
          Who
          <select id={ids.actor} value={draft.actor} onChange={set('actor')}>
            <option value="">Anyone</option>
            {props.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.action}>
          What
          <select id={ids.action} value={draft.action} onChange={set('action')}>
            <option value="">Any action</option>
            {props.actions.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a] ?? a}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.from}>
          From
          <input id={ids.from} type="date" value={draft.from} onChange={set('from')} />
        </label>
        <label htmlFor={ids.to}>
          To
          <input id={ids.to} type="date" value={draft.to} onChange={set('to')} />
        </label>
        <button className="btn" type="submit">
          Apply filters
        </button>
      </form>
      <KeysetTable
        list={log}
        caption="Admin changes, newest first"
        columns={COLUMNS}
        rowKey={(e) => String(e.id)}
        empty={ADMIN_MESSAGES.noActivity}
        more="Show more activity"
      />
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(ActivityLog));

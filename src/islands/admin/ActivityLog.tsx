// The activity log: the audit log newest first, filtered by who, what and when, more by keyset
// pages; each entry shows the values before and after.
import { useId, useState } from 'react';
import { ADMIN_MESSAGES, AUDIT_ACTIONS } from '../../domain/admin-rules.ts';
import type { AuditPage } from '../../schemas/admin.ts';
import { useKeysetList } from './use-keyset-list.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

interface Filters {
  actor: string;
  action: string;
  from: string;
  to: string;
}
const NONE: Filters = { actor: '', action: '', from: '', to: '' };

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'America/New_York',
});

function Values(props: { value: unknown }) {
  if (props.value === null || props.value === undefined) return <span className="muted">—</span>;
  return <pre className="admin-values">{JSON.stringify(props.value, null, 1)}</pre>;
}

function ActivityLog(props: { actions: string[]; actors: { id: string; email: string }[] }) {
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId() };
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const log = useKeysetList('/api/admin/activity-logs', { ...filters }, (page: AuditPage) => page.entries);
  const { rows: entries, cursor, loading, error, more } = log;

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
      {error && <p role="alert">{error}</p>}
      {!loading && !error && entries.length === 0 ? (
        <p className="muted">{ADMIN_MESSAGES.noActivity}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Entity</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{when.format(new Date(e.at))}</td>
                <td>{e.actorEmail ?? 'System'}</td>
                <td>{AUDIT_ACTIONS[e.action] ?? e.action}</td>
                <td>{e.entityType ? `${e.entityType} ${e.entityId ?? ''}` : '—'}</td>
                <td>
                  <Values value={e.before} />
                </td>
                <td>
                  <Values value={e.after} />
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
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(ActivityLog);

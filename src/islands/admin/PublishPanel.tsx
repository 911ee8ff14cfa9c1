// The admin area's Publish button, the changes that wait for it (which business, review, page or
// article, and why), and the state of the latest publishes (queued, building, live, triggered,
// failed with the log's tail); it polls while a run is queued or building. Reads and starts
// publishes through /api/admin/publish.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateTime, plural } from '../../domain/format.ts';
import {
  PENDING_KIND_WORDS,
  PUBLISH_IN_PROGRESS,
  PUBLISH_STATUS_TEXT,
  type PendingChange,
  type PublishRunView,
  type PublishState,
} from '../../schemas/publish.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { withQueries } from '../shared/query.tsx';
import { read } from '../shared/read.ts';
import AdminTable, { type Column } from './kit/AdminTable.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

/** How often the panel asks while a build is under way. */
const POLL_MS = 2000;

const PUBLISH_URL = '/api/admin/publish';

/** Whether the latest publish is queued or building. */
function inProgress(state: PublishState | undefined): boolean {
  const latest = state?.runs[0];
  return latest !== undefined && PUBLISH_IN_PROGRESS.includes(latest.status);
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

function seconds(run: PublishRunView): string {
  if (!run.startedAt || !run.finishedAt) return '';
  return ` in ${Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000)} s`;
}

const CHANGE_COLUMNS: Column<PendingChange>[] = [
  {
    label: 'What',
    kind: 'title',
    cell: (c) => (
      <>
        <span className="chip info">{PENDING_KIND_WORDS[c.kind]}</span> {c.name}
      </>
    ),
  },
  {
    label: 'Why',
    cell: (c) => (
      <>
        {c.reason}
        {c.count > 1 && <span className="muted"> ({plural(c.count, 'time')})</span>}
      </>
    ),
  },
  {
    label: 'Asked',
    cell: (c) => (
      <>
        <time dateTime={c.latestAt}>{formatDateTime(c.latestAt)}</time>
        <div className="muted">
          {c.requestedBy ?? 'By the site itself'}
          {c.automatic && '; publishes automatically'}
        </div>
      </>
    ),
  },
  {
    label: 'Public page',
    cell: (c) => (c.href ? <a href={c.href}>{c.href}</a> : <span className="muted">None yet</span>),
  },
];

function PublishPanel() {
  const id = useId();
  const panel = useQuery({
    queryKey: [PUBLISH_URL],
    queryFn: ({ signal }) => read<PublishState>(PUBLISH_URL, signal),
    // Asked again every 2 s while the latest publish is queued or building, even in a tab behind.
    refetchInterval: (query) => (inProgress(query.state.data) ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const state = panel.data ?? null;
  const [publishError, setPublishError] = useState<{ text: string; at: number } | null>(null);
  // The newest failure, the read's or a Publish press's; a read that worked since clears both.
  const readError = panel.isError ? { text: panel.error.message, at: panel.errorUpdatedAt } : null;
  const pressError = publishError && publishError.at > panel.dataUpdatedAt ? publishError : null;
  const error =
    readError && (!pressError || readError.at > pressError.at) ? readError.text : (pressError?.text ?? null);
  const [busy, setBusy] = useState(false);
  const latest = state?.runs[0] ?? null;

  const publish = async () => {
    setBusy(true);
    const answer = await api<PublishRunView>('POST', PUBLISH_URL);
    setBusy(false);
    if (!answer.ok) return setPublishError({ text: answer.body.error ?? UNEXPECTED, at: Date.now() });
    setPublishError(null);
    await panel.refetch();
  };

  const changes = state?.changes ?? [];
  const unlisted = state ? state.pending - changes.reduce((sum, c) => sum + c.count, 0) : 0;
  return (
    <section aria-labelledby={`${id}-h`} className="card publish-panel">
      <h2 id={`${id}-h`}>Publish</h2>
      <p>
        Changes to public pages (approvals, profiles, content) show on the site after a publish rebuilds it.{' '}
        {state && (
          <strong>
            {state.pending === 1 ? '1 change waits' : `${state.pending} changes wait`} for the next publish.
          </strong>
        )}
      </p>
      <p>
        <button type="button" className="btn" onClick={() => void publish()} disabled={busy || !state}>
          {busy ? 'Publishing…' : 'Publish'}
        </button>
      </p>
      <ErrorAlert>{error}</ErrorAlert>
      <div role="status" aria-live="polite">
        {latest ? (
          <p>
            Latest publish (#{latest.id}): <strong>{PUBLISH_STATUS_TEXT[latest.status]}</strong>
            {latest.finishedAt && ` (${when(latest.finishedAt)}${seconds(latest)})`}
          </p>
        ) : (
          state && <p>Nothing has been published from here yet.</p>
        )}
      </div>
      {latest?.status === 'failed' && latest.logTail && (
        <>
          <h3>The build's log (last lines)</h3>
          <pre className="publish-log" tabIndex={0}>
            {latest.logTail}
          </pre>
        </>
      )}
      {changes.length > 0 && (
        <>
          <h3 id={`${id}-changes`}>Waiting for the next publish</h3>
          <AdminTable
            caption="Changes waiting for the next publish, newest first"
            columns={CHANGE_COLUMNS}
            rows={changes}
            rowKey={(c) => c.id}
          />
          {unlisted > 0 && <p className="muted">And {plural(unlisted, 'older change')}.</p>}
        </>
      )}
      {state && state.runs.length > 1 && (
        <>
          <h3>Earlier publishes</h3>
          <ul>
            {state.runs.slice(1).map((run) => (
              <li key={run.id}>
                #{run.id} {when(run.requestedAt)}: {PUBLISH_STATUS_TEXT[run.status]}
                {seconds(run)}, {plural(run.requests, 'change')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(PublishPanel));

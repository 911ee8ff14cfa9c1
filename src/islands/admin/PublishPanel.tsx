// The admin area's Publish button and the state of the latest publishes (queued, building, live,
// triggered, failed with the log's tail); it polls while a run is queued or building. Reads and
// starts publishes through /api/admin/publish.
import { useCallback, useEffect, useId, useState } from 'react';
import {
  PUBLISH_IN_PROGRESS,
  PUBLISH_STATUS_TEXT,
  type PublishRunView,
  type PublishState,
} from '../../schemas/publish.ts';
import { api, UNEXPECTED, type ApiAnswer } from '../shared/api.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

/** How often the panel asks while a build is under way. */
const POLL_MS = 2000;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '');

function seconds(run: PublishRunView): string {
  if (!run.startedAt || !run.finishedAt) return '';
  return ` in ${Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000)} s`;
}

function PublishPanel() {
  const id = useId();
  const [state, setState] = useState<PublishState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = useCallback((answer: ApiAnswer<PublishState>) => {
    if (answer.ok) {
      setState(answer.body);
      setError(null);
    } else {
      setError(answer.body.error ?? UNEXPECTED);
    }
  }, []);
  const load = useCallback(() => api<PublishState>('GET', '/api/admin/publish').then(show), [show]);

  useEffect(() => {
    let live = true;
    void api<PublishState>('GET', '/api/admin/publish').then((answer) => {
      if (live) show(answer);
    });
    return () => {
      live = false;
    };
  }, [show]);

  const latest = state?.runs[0] ?? null;
  const inProgress = latest !== null && PUBLISH_IN_PROGRESS.includes(latest.status);

  useEffect(() => {
    if (!inProgress) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress, load]);

  const publish = async () => {
    setBusy(true);
    const answer = await api<PublishRunView>('POST', '/api/admin/publish');
    setBusy(false);
    if (!answer.ok) return setError(answer.body.error ?? UNEXPECTED);
    await load();
  };

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
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
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
      {state && state.runs.length > 1 && (
        <>
          <h3>Earlier publishes</h3>
          <ul>
            {state.runs.slice(1).map((run) => (
              <li key={run.id}>
                #{run.id} {when(run.requestedAt)}: {run.status}
                {seconds(run)}, {run.requests} {run.requests === 1 ? 'change' : 'changes'}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(PublishPanel);

// The quote page's "Recent requests" panel: the newest requests sent to contractors (service,
// area, how long ago, worded by the server), read once the page is idle. Nothing when there are none; read again when
// the connection comes back if it could not be read.
import { useEffect, useState } from 'react';
import { displayName } from '../../domain/format.ts';
import type { RecentRequest } from '../../schemas/quote.ts';
import { api } from '../shared/api.ts';
import { useBackOnline } from '../shared/back-online.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

function RecentRequests() {
  const [requests, setRequests] = useState<RecentRequest[] | null>(null);
  /** Each try to read the list; a network failure waits for the back-online event. */
  const [attempt, setAttempt] = useState(0);
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    let live = true;
    void api<{ requests: RecentRequest[] }>('GET', '/api/quotes/recent').then((answer) => {
      if (!live) return;
      setUnreachable(answer.status === 0);
      setRequests(answer.ok ? answer.body.requests : []);
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  useBackOnline(unreachable, () => setAttempt((n) => n + 1));

  if (!requests?.length) return null;
  return (
    <section className="card" aria-labelledby="recent-requests-heading">
      <h2 id="recent-requests-heading">Recent requests</h2>
      <ul className="recent-requests">
        {requests.map((r) => (
          <li key={`${r.at}-${r.service}`}>
            <strong>{displayName(r.service)}</strong> in {displayName(r.city)}{' '}
            <time className="muted" dateTime={r.at}>
              {r.when}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(RecentRequests);

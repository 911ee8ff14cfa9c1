// The quote page's "Recent requests" panel: the newest requests sent to contractors (service,
// area, how long ago, worded by the server), read once the page is idle. Nothing when there are none
// or they could not be read; read again when the connection comes back (../shared/query.tsx).
import { useQuery } from '@tanstack/react-query';
import { displayName } from '../../domain/format.ts';
import type { RecentRequest } from '../../schemas/quote.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { withQueries } from '../shared/query.tsx';
import { read } from '../shared/read.ts';

function RecentRequests() {
  const recent = useQuery({
    queryKey: ['recent-requests'],
    queryFn: ({ signal }) => read<{ requests: RecentRequest[] }>('/api/quotes/recent', signal),
  });
  const requests = recent.data?.requests;
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
export default withBoundary(withQueries(RecentRequests));

// The quote page's "Recent requests" panel: the newest requests sent to contractors (service,
// area, how long ago), read once the page is idle. Nothing when there are none.
import { useEffect, useState } from 'react';
import { relativeTime } from '../../domain/relative-time.ts';
import type { RecentRequest } from '../../schemas/quote.ts';
import { api } from '../shared/api.ts';

export default function RecentRequests() {
  const [requests, setRequests] = useState<RecentRequest[] | null>(null);

  useEffect(() => {
    let live = true;
    void api<{ requests: RecentRequest[] }>('GET', '/api/quotes/recent').then((answer) => {
      if (live) setRequests(answer.ok ? answer.body.requests : []);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!requests?.length) return null;
  const now = new Date();
  return (
    <section className="card" aria-labelledby="recent-requests-heading">
      <h2 id="recent-requests-heading">Recent requests</h2>
      <ul className="recent-requests">
        {requests.map((r) => (
          <li key={`${r.at}-${r.service}`}>
            <strong>{r.service}</strong> in {r.city}{' '}
            <time className="muted" dateTime={r.at}>
              {relativeTime(new Date(r.at), now)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The quote page's "recent requests": the newest requests we sold to contractors, as service,
// area and time only (nothing that names or reaches the homeowner). The time is worded here
// ("2 hours ago"): the first Intl.RelativeTimeFormat in a phone's browser costs about 100 ms of
// main thread at Lighthouse's 4x CPU, the quote page's one long task.
import { relativeTime } from '../../../domain/relative-time.ts';
import type { RecentRequest } from '../../../schemas/quote.ts';
import type { Sql } from '../../platform/db/client.ts';
import { RECENT_REQUESTS } from '../leads-rules.ts';

export async function recentRequests(sql: Sql): Promise<RecentRequest[]> {
  const rows = await sql<{ service: string; city: string | null; createdAt: Date }[]>`
    select l.project_type as service, l.city, l.created_at as "createdAt"
    from leads l
    where l.qualification = 'qualified'
      and l.created_at > now() - make_interval(days => ${RECENT_REQUESTS.days})
    order by l.created_at desc
    limit ${RECENT_REQUESTS.count}`;
  const now = new Date();
  return rows.map((r) => ({
    service: r.service,
    city: r.city ?? 'the Dayton area',
    at: r.createdAt.toISOString(),
    when: relativeTime(r.createdAt, now),
  }));
}

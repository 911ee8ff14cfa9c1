// Demo analytics so the dashboard's chart has something to show under `npm start`: 29 days
// before today of profile views, clicks and search appearances for the demo contractors'
// businesses, the same numbers on every run (a fixed pattern, not random). Today is left to the
// real beacons. Leads come from the demo leads sold through the real pipeline.
import type { Sql } from '../../src/server/platform/db/client.ts';

const DEMO_CONTRACTORS = ['contractor@example.com', 'contractor2@example.com'];
const DAYS = 29;

/** A day's value: a weekly rhythm on a base, busier on weekdays (d = days ago, 1..29). */
function value(base: number, d: number, k: number): number {
  const weekday = (d + k) % 7 < 5 ? 1 : 0.5;
  return Math.round(base * weekday * (1 + ((d * 7 + k * 3) % 5) / 4));
}

export async function seedDemoAnalytics(sql: Sql): Promise<number> {
  const businesses = await sql<{ id: string }[]>`
    select b.id from businesses b join users u on u.id = b.owner_id
     where u.email in ${sql(DEMO_CONTRACTORS)} order by u.email`;
  const rows = businesses.flatMap(({ id }, k) =>
    Array.from({ length: DAYS }, (_, i) => i + 1).flatMap((d) => [
      { business_id: id, metric: 'PROFILE_VIEWS', days_ago: d, value: value(12, d, k) },
      { business_id: id, metric: 'PHONE_CALLS', days_ago: d, value: value(2, d, k + 1) },
      { business_id: id, metric: 'EMAIL_CLICKS', days_ago: d, value: value(1, d, k + 2) },
      { business_id: id, metric: 'WEBSITE_CLICKS', days_ago: d, value: value(3, d, k + 3) },
      { business_id: id, metric: 'SEARCH_APPEARANCES', days_ago: d, value: value(40, d, k) },
    ]),
  );
  if (!rows.length) return 0;
  const inserted = await sql`
    insert into analytics (business_id, metric, date, value)
    select r.business_id::uuid, r.metric, (now() at time zone 'utc')::date - r.days_ago, r.value
      from jsonb_to_recordset(${sql.json(rows)}) as r(business_id text, metric text, days_ago int, value int)
    on conflict (business_id, metric, date) do nothing
    returning 1`;
  return inserted.length;
}

// A profile beacon's write: the event counts once per client, business, metric and day (UTC). The
// client is named as article views name it (an HMAC under the day's salt; no address stored); the
// mark and the day's counter are written in one statement, only when the mark is new, so
// concurrent beacons never lose or double an increment. Only ACTIVE businesses (those with a
// public profile) are counted.
import type { BeaconMetric } from '../../../domain/analytics-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { dailyClient } from '../pages/article-views.ts';

export async function recordProfileEvent(
  sql: Sql,
  event: { businessId: string; metric: BeaconMetric },
  clientAddress: string | null,
): Promise<{ found: boolean; counted: boolean }> {
  const { day, client } = await dailyClient(sql, clientAddress);
  const [row] = await sql<{ found: boolean; counted: boolean }[]>`
    with business as (select id from businesses where id = ${event.businessId} and status = 'ACTIVE'),
    mark as (
      insert into business_event_marks (business_id, metric, day, client)
      select id, ${event.metric}, ${day}::date, ${client} from business
      on conflict do nothing
      returning business_id),
    counted as (
      insert into analytics (business_id, metric, date, value)
      select business_id, ${event.metric}, ${day}::date, 1 from mark
      on conflict (business_id, metric, date) do update set value = analytics.value + 1
      returning id)
    select exists (select 1 from business) as found, exists (select 1 from counted) as counted`;
  return row!;
}

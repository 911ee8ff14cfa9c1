// Adds to businesses' counters of today (UTC) for the events the server itself sees (a search
// result shown, a lead sold): one row per business, metric and day, raised in one statement.
import type { AnalyticsMetric } from '../../../domain/analytics-rules.ts';
import type { Db } from '../../platform/db/client.ts';

export async function addToAnalytics(
  sql: Db,
  metric: AnalyticsMetric,
  businessIds: readonly string[],
): Promise<void> {
  // One row per business (an upsert may not touch the same row twice in one statement), in id
  // order: two searches showing the same businesses in different orders would otherwise lock
  // their rows in opposite orders and deadlock on PostgreSQL.
  const ids = [...new Set(businessIds)].sort();
  if (!ids.length) return;
  await sql`
    insert into analytics (business_id, metric, date, value)
    select id, ${metric}, (now() at time zone 'utc')::date, 1 from unnest(${ids}::uuid[]) as id order by id
    on conflict (business_id, metric, date) do update set value = analytics.value + 1`;
}

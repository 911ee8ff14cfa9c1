// A business's analytics for the dashboard: the last `days` days up to today (UTC), every day
// present (0 where nothing happened), one series per metric.
import { ANALYTICS_METRICS, type AnalyticsMetric } from '../../domain/analytics-rules.ts';
import type { AnalyticsSeries } from '../../schemas/analytics.ts';
import type { Sql } from '../db/client.ts';

export async function businessAnalytics(
  sql: Sql,
  businessId: string,
  days: number,
): Promise<AnalyticsSeries> {
  const rows = await sql<{ date: string; metric: AnalyticsMetric | null; value: number }[]>`
    with day as (
      select d::date as date
        from generate_series((now() at time zone 'utc')::date - (${days}::int - 1),
                             (now() at time zone 'utc')::date, interval '1 day') as d)
    select day.date::text as date, a.metric, coalesce(a.value, 0)::int as value
      from day left join analytics a on a.business_id = ${businessId} and a.date = day.date
     order by day.date`;
  const dates = [...new Set(rows.map((r) => r.date))];
  const index = new Map(dates.map((d, i) => [d, i]));
  const series = Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, dates.map(() => 0)])) as Record<
    AnalyticsMetric,
    number[]
  >;
  for (const row of rows) if (row.metric) series[row.metric][index.get(row.date)!] = row.value;
  return { dates, series };
}

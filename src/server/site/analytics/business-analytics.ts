// A business's analytics for the dashboard: the last `days` days up to today (UTC), every day
// present (0 where nothing happened), one series per metric. A claimed listing's owner sees
// nothing from the days before their claim was approved (contractor/owner-since.ts), and on that
// day itself no lead sold to the listing before the approval: the day's LEAD_GENERATED counter
// (raised when a charge is recorded) less the charges recorded that day before owner_since.
import { ANALYTICS_METRICS, type AnalyticsMetric } from '../../../domain/analytics-rules.ts';
import type { AnalyticsSeries } from '../../../schemas/analytics.ts';
import { ownerSince } from '../../accounts/index.ts';
import type { Sql } from '../../platform/db/client.ts';

export async function businessAnalytics(
  sql: Sql,
  businessId: string,
  days: number,
): Promise<AnalyticsSeries> {
  const rows = await sql<{ date: string; metric: AnalyticsMetric | null; value: number }[]>`
    with owner as (select ${ownerSince(sql, businessId)} as since),
    day as (
      select d::date as date
        from generate_series((now() at time zone 'utc')::date - (${days}::int - 1),
                             (now() at time zone 'utc')::date, interval '1 day') as d),
    earlier_leads as (
      select count(*)::int as n
        from lead_distributions d, owner o
       where d.business_id = ${businessId} and d.charged_at is not null
         and d.charged_at >= date_trunc('day', o.since at time zone 'utc') at time zone 'utc'
         and d.charged_at < o.since)
    select day.date::text as date, a.metric,
           greatest(0, coalesce(a.value, 0)
             - case when a.metric = 'LEAD_GENERATED' and day.date = (o.since at time zone 'utc')::date
                    then (select n from earlier_leads) else 0 end)::int as value
      from day cross join owner o
      left join analytics a on a.business_id = ${businessId} and a.date = day.date
                           and a.date >= (o.since at time zone 'utc')::date
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

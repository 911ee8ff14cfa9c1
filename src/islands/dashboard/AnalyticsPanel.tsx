// The Analytics tab: popular services and recent activity (GET /api/contractor/insights), then the
// last 30 days of each metric (GET /api/contractor/analytics). The charts and their table come
// in a chunk of their own (AnalyticsChart), loaded once the data are here.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_LOAD_FAILED } from '../../domain/analytics-rules.ts';
import type { AnalyticsSeries, DashboardInsights } from '../../schemas/analytics.ts';
import { read, ReadError } from '../shared/read.ts';
import { Insights } from './Insights.tsx';
import type { DashboardBusiness } from './types.ts';
import '../../styles/dashboard-parts.css';
import { ErrorAlert } from '../shared/notices.tsx';

const AnalyticsChart = lazy(() => import('./AnalyticsChart.tsx'));

interface Loaded {
  series: AnalyticsSeries;
  insights: DashboardInsights;
}

/** Both answers; a ReadError when either could not be read (or the series is not one). */
async function fetchAnalytics(signal: AbortSignal): Promise<Loaded> {
  const [series, insights] = await Promise.all([
    read<AnalyticsSeries>(`/api/contractor/analytics?days=${ANALYTICS_DEFAULT_DAYS}`, signal),
    read<DashboardInsights>('/api/contractor/insights', signal),
  ]);
  if (!Array.isArray(series.dates)) throw new ReadError(ANALYTICS_LOAD_FAILED, 200);
  return { series: { dates: series.dates, series: series.series }, insights };
}

export function AnalyticsPanel({ business }: { business: DashboardBusiness }) {
  const analytics = useQuery({
    queryKey: ['analytics', business.id],
    queryFn: ({ signal }) => fetchAnalytics(signal),
  });
  const data = analytics.data;
  // Try again shows "Loading analytics…" while it reads.
  const failed = analytics.isError && !analytics.isFetching;

  const loading = <p className="muted">Loading analytics…</p>;
  return (
    <section aria-labelledby="analytics-h" className="dashboard-part analytics" aria-busy={!data && !failed}>
      <h2 id="analytics-h">Analytics: last {ANALYTICS_DEFAULT_DAYS} days</h2>
      {failed ? (
        <>
          <ErrorAlert>{ANALYTICS_LOAD_FAILED}</ErrorAlert>
          <button type="button" className="btn secondary" onClick={() => void analytics.refetch()}>
            Try again
          </button>
        </>
      ) : data ? (
        <>
          <Insights insights={data.insights} />
          <Suspense fallback={loading}>
            <AnalyticsChart data={data.series} />
          </Suspense>
        </>
      ) : (
        loading
      )}
    </section>
  );
}

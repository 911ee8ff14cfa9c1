// The Analytics tab: popular services and recent activity (GET /api/contractor/insights), then the
// last 30 days of each metric (GET /api/contractor/analytics). The charts and their table come
// in a chunk of their own (AnalyticsChart), loaded once the data are here.
import { lazy, Suspense, useEffect, useState } from 'react';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_LOAD_FAILED } from '../../domain/analytics-rules.ts';
import type { AnalyticsSeries, DashboardInsights } from '../../schemas/analytics.ts';
import { api } from '../shared/api.ts';
import { Insights } from './Insights.tsx';
import type { DashboardBusiness } from './types.ts';
import '../../styles/dashboard-parts.css';
import { ErrorAlert } from '../shared/notices.tsx';

const AnalyticsChart = lazy(() => import('./AnalyticsChart.tsx'));

interface Loaded {
  series: AnalyticsSeries;
  insights: DashboardInsights;
}

/** Both answers, or null when either could not be loaded. */
async function fetchAnalytics(): Promise<Loaded | null> {
  const [series, insights] = await Promise.all([
    api<AnalyticsSeries>('GET', `/api/contractor/analytics?days=${ANALYTICS_DEFAULT_DAYS}`),
    api<DashboardInsights>('GET', '/api/contractor/insights'),
  ]);
  if (!series.ok || !Array.isArray(series.body.dates) || !insights.ok) return null;
  return {
    series: { dates: series.body.dates, series: series.body.series },
    insights: insights.body,
  };
}

export function AnalyticsPanel({ business }: { business: DashboardBusiness }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchAnalytics().then((answer) => {
      if (!live) return;
      if (answer) setData(answer);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [business.id]);
  const retry = async () => {
    setFailed(false);
    const answer = await fetchAnalytics();
    if (answer) setData(answer);
    else setFailed(true);
  };

  const loading = <p className="muted">Loading analytics…</p>;
  return (
    <section aria-labelledby="analytics-h" className="dashboard-part analytics" aria-busy={!data && !failed}>
      <h2 id="analytics-h">Analytics: last {ANALYTICS_DEFAULT_DAYS} days</h2>
      {failed ? (
        <>
          <ErrorAlert>{ANALYTICS_LOAD_FAILED}</ErrorAlert>
          <button type="button" className="btn secondary" onClick={() => void retry()}>
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

// The dashboard's analytics: the last 30 days of each metric, fetched from
// GET /api/contractor/analytics. The charts and their table come in a chunk of their own
// (AnalyticsChart), loaded after the dashboard has painted.
import { lazy, Suspense, useEffect, useState } from 'react';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_LOAD_FAILED } from '../../domain/analytics-rules.ts';
import type { AnalyticsSeries } from '../../schemas/analytics.ts';
import { api } from '../shared/api.ts';
import type { DashboardBusiness } from './types.ts';
import '../../styles/dashboard-parts.css';

const AnalyticsChart = lazy(() => import('./AnalyticsChart.tsx'));

/** The series, or null when they could not be loaded. */
async function fetchAnalytics(): Promise<AnalyticsSeries | null> {
  const answer = await api<AnalyticsSeries>(
    'GET',
    `/api/contractor/analytics?days=${ANALYTICS_DEFAULT_DAYS}`,
  );
  if (!answer.ok || !Array.isArray(answer.body.dates)) return null;
  return { dates: answer.body.dates, series: answer.body.series };
}

export function AnalyticsPanel({ business }: { business: DashboardBusiness }) {
  const [data, setData] = useState<AnalyticsSeries | null>(null);
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
    <section aria-labelledby="analytics-h" className="dashboard-part" aria-busy={!data && !failed}>
      <h2 id="analytics-h">Analytics: last {ANALYTICS_DEFAULT_DAYS} days</h2>
      {failed ? (
        <>
          <p className="error" role="alert">
            {ANALYTICS_LOAD_FAILED}
          </p>
          <button type="button" className="btn secondary" onClick={() => void retry()}>
            Try again
          </button>
        </>
      ) : data ? (
        <Suspense fallback={loading}>
          <AnalyticsChart data={data} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}

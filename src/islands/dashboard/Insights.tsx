// The Analytics tab's two lists: the business's popular services (top 5 of its leads in the
// window, with how many it won) and its recent activity (the last 10 things that happened on its
// own leads, responses, quotes and reviews). Definitions: src/server/leads/dashboard/.
import { ACTIVITY_WORDS, type ActivityKind } from '../../domain/analytics-rules.ts';
import { formatDateTime, plural, serviceInPlace } from '../../domain/format.ts';
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from '../../domain/lead-stages.ts';
import type { ActivityItem, DashboardInsights } from '../../schemas/analytics.ts';

function activityText(item: ActivityItem): string {
  const what = item.service ? serviceInPlace(item.service, item.place) : '';
  const words: Record<ActivityKind, () => string> = {
    lead_received: () => `${ACTIVITY_WORDS.lead_received}: ${what}`,
    response_sent: () =>
      `${ACTIVITY_WORDS.response_sent} to ${what}${item.detail ? `: “${item.detail}”` : ''}`,
    quote_accepted: () => `${ACTIVITY_WORDS.quote_accepted}: ${what}`,
    stage_changed: () => {
      const stage = (LEAD_STAGES as readonly string[]).includes(item.detail ?? '')
        ? LEAD_STAGE_LABELS[item.detail as LeadStage]
        : (item.detail ?? '');
      return `${ACTIVITY_WORDS.stage_changed} to ${stage}: ${what}`;
    },
    review_received: () =>
      `${ACTIVITY_WORDS.review_received}: ${item.detail ? plural(Number(item.detail), 'star') : 'verified'}`,
  };
  return words[item.kind]();
}

export function Insights({ insights }: { insights: DashboardInsights }) {
  return (
    <div className="insights">
      <section aria-labelledby="popular-h" className="card insight">
        <h3 id="popular-h">Popular services</h3>
        {insights.popularServices.length === 0 ? (
          <p className="muted">No leads in the last {insights.windowDays} days yet.</p>
        ) : (
          <ol>
            {insights.popularServices.map((s) => (
              <li key={s.service}>
                <strong>{s.service}</strong>: {plural(s.leads, 'lead')}
                {s.won > 0 && <span className="muted"> · {s.won} won</span>}
              </li>
            ))}
          </ol>
        )}
        <p className="muted">Your top services by leads received in the last {insights.windowDays} days.</p>
      </section>
      <section aria-labelledby="activity-h" className="card insight">
        <h3 id="activity-h">Recent activity</h3>
        {insights.recentActivity.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <ol className="activity">
            {insights.recentActivity.map((item, i) => (
              <li key={`${item.kind}-${item.at}-${i}`}>
                <time dateTime={item.at} className="muted">
                  {formatDateTime(item.at)}
                </time>
                <span>{activityText(item)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

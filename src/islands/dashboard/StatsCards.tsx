// The four stats cards and the measured response time (definitions: docs/decisions.md).
import { formatMinutes, REVENUE_PER_CONVERSION_CENTS } from '../../domain/dashboard-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import type { DashboardStats } from '../../schemas/dashboard.ts';

export default function StatsCards({ stats }: { stats: DashboardStats }) {
  const per = formatMoney(REVENUE_PER_CONVERSION_CENTS, { wholeDollars: true });
  return (
    <section aria-label="Your last 30 days" className="stats-cards">
      <div className="stat">
        <h2>Active Leads</h2>
        <p className="stat-value">{stats.activeLeads}</p>
        <p className="muted">{stats.newLeads} new in the last 7 days</p>
      </div>
      <div className="stat">
        <h2>Response Rate</h2>
        <p className="stat-value">{stats.responseRate === null ? '–' : `${stats.responseRate}%`}</p>
        <p className="muted">of leads received in {stats.windowDays} days</p>
      </div>
      <div className="stat">
        <h2>Avg Response Time</h2>
        <p className="stat-value">{formatMinutes(stats.avgResponseMinutes)}</p>
        <p className="muted">
          {stats.measuredResponses
            ? `Median first response: ${formatMinutes(stats.medianResponseMinutes)} (${stats.measuredResponses} response${stats.measuredResponses === 1 ? '' : 's'})`
            : 'Median first response: not measured yet'}
        </p>
      </div>
      <div className="stat">
        <h2>Monthly Revenue</h2>
        <p className="stat-value">{formatMoney(stats.estimatedRevenueCents, { wholeDollars: true })}</p>
        <p className="muted">
          Estimate: {stats.conversions} converted lead{stats.conversions === 1 ? '' : 's'} × {per}
        </p>
      </div>
    </section>
  );
}

// The four stats cards (spec) and the monthly spend, with the figures shared with billing and the
// admin worded by src/domain/figures.ts (one definition and one label per figure).
import { REVENUE_PER_CONVERSION_CENTS } from '../../domain/dashboard-rules.ts';
import { FIGURE_LABELS, conversionPercent, figureTexts } from '../../domain/figures.ts';
import { formatMoney, plural } from '../../domain/format.ts';
import type { DashboardStats } from '../../schemas/dashboard.ts';

export default function StatsCards({ stats }: { stats: DashboardStats }) {
  const per = formatMoney(REVENUE_PER_CONVERSION_CENTS, { wholeDollars: true });
  const f = figureTexts(stats.figures);
  const percent = conversionPercent(stats.figures);
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
        <h2>{FIGURE_LABELS.responseTime}</h2>
        <p className="stat-value">{f.responseTime}</p>
        <p className="muted">{f.responseTimeNote}</p>
      </div>
      <div className="stat">
        <h2>Monthly Revenue</h2>
        <p className="stat-value">{formatMoney(stats.estimatedRevenueCents, { wholeDollars: true })}</p>
        <p className="muted">
          Estimate: {plural(stats.conversions, 'converted lead')} × {per}.
        </p>
        {percent !== null && (
          <p className="muted">
            {FIGURE_LABELS.conversion} <strong>{f.conversion}</strong>: {f.conversionNote}.
          </p>
        )}
      </div>
      <div className="stat">
        <h2>{FIGURE_LABELS.monthSpend}</h2>
        <p className="stat-value">{f.monthSpend}</p>
        <p className="muted">
          {f.monthSpendNote}. <a href="/contractor/billing">Billing</a>
        </p>
      </div>
    </section>
  );
}

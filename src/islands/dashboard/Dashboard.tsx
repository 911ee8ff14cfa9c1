// /dashboard: the contractor's header (templates, billing) and the tabs Leads (the lead list
// first, the stats cards beside it, or under it on a phone), Alerts (devices, texts, what each
// kind comes by), Analytics, Profile and Payments. The
// page hands over the business and the stats it loaded.
import { useState, type ReactNode } from 'react';
import type { DashboardStats, LeadPage } from '../../schemas/dashboard.ts';
import { pushToast } from '../../stores/toasts.ts';
import Tabs from '../shared/Tabs.tsx';
import Toaster from '../shared/Toaster.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { AlertsTab } from './AlertsTab.tsx';
import { AnalyticsPanel } from './AnalyticsPanel.tsx';
import LeadsTab from './LeadsTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import StatsCards from './StatsCards.tsx';
import TemplatesDialog, { type ChosenTemplate } from './TemplatesDialog.tsx';
import type { DashboardBusiness, DashboardTab, SetupReturn } from './types.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { withQueries } from '../shared/query.tsx';

const TABS = [
  { id: 'leads', label: 'Leads' },
  { id: 'alerts', label: 'Alerts' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'profile', label: 'Profile' },
  { id: 'payments', label: 'Payments' },
] as const;

function Dashboard(props: {
  business: DashboardBusiness;
  stats: DashboardStats;
  initialTab: DashboardTab;
  setupReturn?: SetupReturn;
  /** The Leads tab's first page, read on the server. */
  initialLeads?: LeadPage | null;
  /** The readiness banner, rendered by the page on the server (shown under the header). */
  children?: ReactNode;
}) {
  const { business } = props;
  const [tab, setTab] = useState<DashboardTab>(props.initialTab);
  const [template, setTemplate] = useState<ChosenTemplate | null>(null);
  const [stats, setStats] = useState(props.stats);
  // The server's first page of leads serves the first showing of the Leads tab only.
  const [initialLeads, setInitialLeads] = useState<LeadPage | null>(props.initialLeads ?? null);
  const select = (next: DashboardTab) => {
    if (next !== tab) setInitialLeads(null);
    setTab(next);
  };

  const chooseTemplate = (chosen: ChosenTemplate) => {
    setTemplate(chosen);
    setTab('leads');
    pushToast({
      title: `${chosen.name} template inserted`,
      description: 'It is in the response form of the lead you open.',
    });
  };

  return (
    <div className="dashboard">
      <Toaster />
      <header className="dashboard-header">
        <div>
          <h1>Contractor Dashboard</h1>
          <p className="muted">{business.name}</p>
        </div>
        <div className="dashboard-actions">
          <TemplatesDialog onChoose={chooseTemplate} />
          <a className="btn secondary" href="/contractor/billing">
            Billing
          </a>
        </div>
      </header>
      {props.children}
      <Tabs label="Dashboard" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'leads' && (
          <div className="leads-layout">
            <LeadsTab template={template} onStatsChanged={setStats} initialPage={initialLeads} />
            <aside className="leads-aside">
              <AlertsPanel onMore={() => select('alerts')} />
              <StatsCards stats={stats} />
            </aside>
          </div>
        )}
        {tab === 'alerts' && <AlertsTab />}
        {tab === 'analytics' && <AnalyticsPanel business={business} />}
        {tab === 'profile' && <ProfileTab business={business} />}
        {tab === 'payments' && <PaymentsTab business={business} setupReturn={props.setupReturn ?? null} />}
      </Tabs>
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(Dashboard));

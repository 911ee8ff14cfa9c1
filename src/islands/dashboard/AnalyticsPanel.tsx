import type { DashboardBusiness } from './types.ts';

export function AnalyticsPanel(props: { business: DashboardBusiness }) {
  return <p>Analytics for {props.business.name} appear here soon.</p>;
}

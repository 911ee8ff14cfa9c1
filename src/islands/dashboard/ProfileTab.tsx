import type { DashboardBusiness } from './types.ts';

export function ProfileTab(props: { business: DashboardBusiness }) {
  return <p>The profile of {props.business.name} can be edited here soon.</p>;
}

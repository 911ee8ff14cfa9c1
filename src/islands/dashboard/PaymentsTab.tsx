import type { DashboardBusiness } from './types.ts';

export function PaymentsTab(props: { business: DashboardBusiness }) {
  return <p>Payment setup: {props.business.paymentSetup}</p>;
}

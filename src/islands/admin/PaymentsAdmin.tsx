// The admin payments page: tabs Transactions (status and business filters), Failures (with the
// decline reason), Refunds, Disputes (the queue of credit requests: grant, refunded to the card,
// or decline, always with a reason the contractor reads) and Chargebacks; each tab in
// src/islands/admin/payments/. Keyset pages ("Show more"); the sections are the kit's SectionTabs.
import SectionTabs from './kit/SectionTabs.tsx';
import Chargebacks from './payments/Chargebacks.tsx';
import Disputes from './payments/Disputes.tsx';
import Transactions from './payments/Transactions.tsx';
import { withQueries } from '../shared/query.tsx';

export const PAYMENT_TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'failures', label: 'Failures' },
  { id: 'refunds', label: 'Refunds' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'chargebacks', label: 'Chargebacks' },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]['id'];

function PaymentsAdmin(props: { tab: PaymentTab }) {
  return (
    <SectionTabs label="Payments sections" tabs={PAYMENT_TABS} initial={props.tab}>
      {(tab) => (
        <>
          {tab === 'transactions' && <Transactions key="all" preset={null} />}
          {tab === 'failures' && <Transactions key="failed" preset="failed" />}
          {tab === 'refunds' && <Transactions key="refunded" preset="refunded" />}
          {tab === 'disputes' && <Disputes />}
          {tab === 'chargebacks' && <Chargebacks />}
        </>
      )}
    </SectionTabs>
  );
}

/** The island, with its own query client. */
export default withQueries(PaymentsAdmin);

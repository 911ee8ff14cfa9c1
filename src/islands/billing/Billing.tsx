// /contractor/billing: the header (Refresh, Export (CSV), Manage Payments), the failed-payment and
// expired-card banners (each with its fix on top: the card), the four cards and the tabs
// Transactions, Subscription, Payment Methods, Analytics (a tab row that scrolls sideways on a
// phone, never off-screen). Reads are billingQuery's (5-minute cache, 3 retries, 30 s per attempt).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  BILLING_MESSAGES as M,
  BILLING_PORTAL_ENDPOINT,
  type BillingRange,
} from '../../domain/billing-rules.ts';
import { CREDIT_RULES_PATH, CREDIT_WINDOW_DAYS } from '../../domain/credit-rules.ts';
import { CARD_FIX, chargeOutcome } from '../../domain/figures.ts';
import { plural } from '../../domain/format.ts';
import type { BillingSummary } from '../../schemas/billing.ts';
import { api } from '../shared/api.ts';
import Tabs from '../shared/Tabs.tsx';
import AnalyticsTab from './AnalyticsTab.tsx';
import BillingCards from './BillingCards.tsx';
import { billingQuery, refreshBilling } from './billing-query.ts';
import PaymentMethodsTab from './PaymentMethodsTab.tsx';
import SubscriptionTab from './SubscriptionTab.tsx';
import TransactionsTab from './TransactionsTab.tsx';
import { useSlow } from './useSlow.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { withQueries } from '../shared/query.tsx';

const TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'methods', label: 'Payment Methods' },
  { id: 'analytics', label: 'Analytics' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function Billing(props: {
  businessName: string;
  /** The tab to open first (?tab=subscription on the return from a plan's Checkout). */
  initialTab?: string;
  /** Back from a receipt link the gateway had nothing for (?receipt=unavailable). */
  receiptMissing?: boolean;
  /** The summary read by the page on the server: the cards and banners are there before any script. */
  initialSummary?: BillingSummary | null;
}) {
  const { businessName, initialTab = 'transactions' } = props;
  const [tab, setTab] = useState<Tab>(TABS.find((t) => t.id === initialTab)?.id ?? 'transactions');
  const [range, setRange] = useState<BillingRange>('30');
  const client = useQueryClient();
  // The server's summary stands for the first load; Refresh and later loads fetch. The figures
  // stay until the next answer arrives; a failed read shows none.
  const summaryRead = useQuery({
    ...billingQuery<BillingSummary>('/api/contractor/billing/summary'),
    initialData: () => props.initialSummary ?? undefined,
    initialDataUpdatedAt: () => Date.now(),
  });
  /** Why the portal did not open (the server's words), null while nothing failed. */
  const [portalFailed, setPortalFailed] = useState<string | null>(null);
  const [receiptMissing, setReceiptMissing] = useState(props.receiptMissing ?? false);
  const loading = summaryRead.isFetching;
  const slow = useSlow(loading ? `${summaryRead.dataUpdatedAt}/${summaryRead.errorUpdatedAt}` : null);
  const summary = summaryRead.isError ? null : (summaryRead.data ?? null);
  const failed = !loading && !summary;

  const refresh = () => refreshBilling(client);

  // The chosen tab stays in view in the tab row that scrolls sideways on a phone.
  useEffect(() => {
    document.getElementById(`tab-${tab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const managePayments = async () => {
    setPortalFailed(null);
    const answer = await api<{ url?: string }>('POST', BILLING_PORTAL_ENDPOINT, {});
    if (answer.ok && typeof answer.body.url === 'string') window.open(answer.body.url, '_blank', 'noopener');
    else setPortalFailed(answer.body.error ?? 'Please try again in a moment.');
  };

  return (
    <div className="billing">
      <header className="dashboard-header">
        <div>
          <h1>{M.title}</h1>
          <p className="muted">{businessName}</p>
        </div>
        <div className="dashboard-actions">
          <button type="button" className="btn secondary" onClick={refresh} disabled={loading}>
            Refresh
          </button>
          <a className="btn secondary" href={`/api/contractor/billing/export.csv?range=${range}`} download>
            Export (CSV)
          </a>
          <button type="button" className="btn" onClick={() => void managePayments()}>
            Manage Payments
          </button>
        </div>
      </header>
      {portalFailed !== null && (
        <div role="alert" className="billing-banner error">
          <p>
            <strong>{M.portalFailed}</strong>
          </p>
          <p>{portalFailed}</p>
        </div>
      )}
      {receiptMissing && (
        <div role="alert" className="billing-banner error">
          <p>
            <strong>{M.receiptMissing}</strong>
          </p>
          <p>{M.receiptMissingText}</p>
          <button type="button" className="btn secondary" onClick={() => setReceiptMissing(false)}>
            Close
          </button>
        </div>
      )}
      {failed && (
        <p role="alert" className="billing-banner error">
          {M.summaryFailed}
        </p>
      )}
      {loading && slow && <p role="status">{M.slow}</p>}
      {summary?.defaultCardExpired && (
        <div role="alert" className="billing-banner warning">
          <p>
            <strong>{M.expiredCard}</strong>
          </p>
          <p>Leads cannot be charged to it, so none can be sent to you.</p>
          <p>
            <a className="btn" href={CARD_FIX.href}>
              Add a new card
            </a>
          </p>
        </div>
      )}
      {summary && summary.recentFailures > 0 && (
        <div role="alert" className="billing-banner warning">
          <p>
            <strong>{M.failedPayments}</strong>
          </p>
          <p>
            {plural(summary.recentFailures, 'lead charge')} in the last 30 days:{' '}
            <strong>{chargeOutcome('failed').label}</strong>. You paid nothing for{' '}
            {summary.recentFailures === 1 ? 'that lead' : 'those leads'} and{' '}
            {summary.recentFailures === 1 ? 'it was' : 'they were'} not sent to you.
          </p>
          {!summary.defaultCardExpired && (
            <p>
              <a className="btn" href={CARD_FIX.href}>
                {CARD_FIX.label}
              </a>
            </p>
          )}
        </div>
      )}
      {summary && <BillingCards summary={summary} />}
      <p className="muted">
        Charged for a lead that was a duplicate, outside your area, fake or had a number that does not work?
        Request a refund on its row within {CREDIT_WINDOW_DAYS} days. Leads reported fake by two buyers, and
        leads you answered that the homeowner never opened, are credited automatically:{' '}
        <a href={CREDIT_RULES_PATH}>how lead credits work</a>.
      </p>
      <Tabs label="Billing" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'transactions' && <TransactionsTab range={range} onRange={setRange} onChanged={refresh} />}
        {tab === 'subscription' && summary && <SubscriptionTab summary={summary} onChanged={refresh} />}
        {tab === 'methods' && summary && <PaymentMethodsTab summary={summary} />}
        {tab === 'analytics' && summary && <AnalyticsTab summary={summary} />}
      </Tabs>
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(Billing));

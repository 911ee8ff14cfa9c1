// The admin payments page: tabs Transactions (status and business filters), Failures (with the
// decline reason), Refunds, Disputes (the queue of credit requests: grant, refunded to the card,
// or decline, always with a reason the contractor reads) and Chargebacks; each tab in
// src/islands/admin/payments/. Keyset pages ("Show more").
import { useState } from 'react';
import Chargebacks from './payments/Chargebacks.tsx';
import Disputes from './payments/Disputes.tsx';
import Transactions from './payments/Transactions.tsx';

export const PAYMENT_TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'failures', label: 'Failures' },
  { id: 'refunds', label: 'Refunds' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'chargebacks', label: 'Chargebacks' },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]['id'];

export default function PaymentsAdmin(props: { tab: PaymentTab }) {
  const [tab, setTab] = useState<PaymentTab>(props.tab);
  const choose = (next: PaymentTab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return (
    <div>
      <nav aria-label="Payments sections" className="admin-actions admin-sections">
        {PAYMENT_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            className={t.id === tab ? 'btn' : 'btn secondary'}
            aria-pressed={t.id === tab}
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <section aria-labelledby="payments-tab-h">
        <h2 id="payments-tab-h">{PAYMENT_TABS.find((t) => t.id === tab)!.label}</h2>
        {tab === 'transactions' && <Transactions key="all" preset={null} />}
        {tab === 'failures' && <Transactions key="failed" preset="failed" />}
        {tab === 'refunds' && <Transactions key="refunded" preset="refunded" />}
        {tab === 'disputes' && <Disputes />}
        {tab === 'chargebacks' && <Chargebacks />}
      </section>
    </div>
  );
}

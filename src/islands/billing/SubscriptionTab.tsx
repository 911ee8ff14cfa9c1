// The Subscription tab: the live plan, if any (plans are chosen elsewhere in issue 14).
import { formatMoney } from '../../domain/money.ts';
import type { BillingSummary } from '../../schemas/billing.ts';

export default function SubscriptionTab({ summary }: { summary: BillingSummary }) {
  const s = summary.subscription;
  if (!s) {
    return (
      <div className="card">
        <h2>No subscription</h2>
        <p>You pay only for the leads you receive. You have no monthly plan.</p>
      </div>
    );
  }
  return (
    <div className="card">
      <h2>Plan: {s.plan}</h2>
      <dl className="billing-facts">
        <dt>Status</dt>
        <dd>{s.status}</dd>
        <dt>Price</dt>
        <dd>{formatMoney(s.priceCents)} a month</dd>
        <dt>Current period ends</dt>
        <dd>
          <time dateTime={s.currentPeriodEnd}>
            {new Date(s.currentPeriodEnd).toLocaleDateString('en-US')}
          </time>
        </dd>
      </dl>
    </div>
  );
}

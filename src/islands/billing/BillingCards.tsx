// The four cards (definitions: docs/decisions.md, "Billing (issue 14)").
import { formatMoney } from '../../domain/money.ts';
import { PLANS } from '../../domain/plans.ts';
import type { BillingSummary } from '../../schemas/billing.ts';

export default function BillingCards({ summary }: { summary: BillingSummary }) {
  return (
    <section aria-label="Billing summary" className="stats-cards">
      <div className="stat">
        <h2>Account Balance</h2>
        <p className="stat-value">{formatMoney(summary.balanceCents)}</p>
        <p className="muted">
          {summary.balanceCents
            ? 'Charges still being collected from your card.'
            : 'Nothing owed: each lead is charged to your card when it is sent.'}
        </p>
      </div>
      <div className="stat">
        <h2>Monthly Spending</h2>
        <p className="stat-value">{formatMoney(summary.monthlySpendingCents)}</p>
        <p className="muted">
          Paid this month
          {summary.monthlyRefundedCents ? `; ${formatMoney(summary.monthlyRefundedCents)} refunded` : ''}
        </p>
      </div>
      <div className="stat">
        <h2>Subscription Plan</h2>
        <p className="stat-value">{summary.subscription ? PLANS[summary.subscription.plan].name : 'None'}</p>
        <p className="muted">
          {summary.subscription
            ? `${formatMoney(summary.subscription.priceCents)} a month${summary.subscription.cancelAtPeriodEnd ? ', ends this period' : ''}`
            : 'Pay per lead, no monthly plan'}
        </p>
      </div>
      <div className="stat">
        <h2>Conversion Rate</h2>
        <p className="stat-value">{summary.conversionRate === null ? '–' : `${summary.conversionRate}%`}</p>
        <p className="muted">
          {summary.completedLeads} of {summary.paidLeads} paid lead{summary.paidLeads === 1 ? '' : 's'}{' '}
          completed
        </p>
      </div>
    </section>
  );
}

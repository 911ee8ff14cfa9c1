// The four cards (spec). Monthly Spending and Conversion Rate are the figures shared with the
// dashboard and the admin, worded by src/domain/figures.ts; the plan's price is shown apart.
import { FIGURE_LABELS, figureTexts } from '../../domain/figures.ts';
import { formatDate, formatMoney } from '../../domain/format.ts';
import { PLANS } from '../../domain/plans.ts';
import type { BillingSummary } from '../../schemas/billing.ts';

export default function BillingCards({ summary }: { summary: BillingSummary }) {
  const f = figureTexts(summary.figures);
  const plan = summary.subscription;
  return (
    <section aria-label="Billing summary" className="stats-cards billing-cards">
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
        <h2>{FIGURE_LABELS.monthSpend}</h2>
        <p className="stat-value">{f.monthSpend}</p>
        <p className="muted">
          {f.monthSpendNote}
          {summary.monthlyRefundedCents ? ` (${formatMoney(summary.monthlyRefundedCents)} refunded)` : ''}.
        </p>
        {f.planNote && <p className="muted">{f.planNote}.</p>}
      </div>
      <div className="stat">
        <h2>Subscription Plan</h2>
        <p className="stat-value">{plan ? PLANS[plan.plan].name : 'None'}</p>
        <p className="muted">
          {plan
            ? `${formatMoney(plan.priceCents)} a month, ${plan.cancelAtPeriodEnd ? 'ends' : 'renews'} ${formatDate(plan.currentPeriodEnd)}`
            : 'Pay per lead, no monthly plan'}
        </p>
      </div>
      <div className="stat">
        <h2>{FIGURE_LABELS.conversion}</h2>
        <p className="stat-value">{f.conversion}</p>
        <p className="muted">{f.conversionNote}</p>
      </div>
    </section>
  );
}

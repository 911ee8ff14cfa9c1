// The dashboard's Payments tab: the payment setup status the page computed by the spec's rule
// ('required', 'pending', 'completed') in plain words, and the way to billing, where the setup
// itself happens; below it, the contractor's lead limits (SpendLimits.tsx).
import { PAYMENT_SETUP_TEXT } from '../../domain/profile-rules.ts';
import { SpendLimits } from './SpendLimits.tsx';
import type { DashboardBusiness } from './types.ts';
import '../../styles/dashboard-parts.css';

export function PaymentsTab({ business }: { business: DashboardBusiness }) {
  const text = PAYMENT_SETUP_TEXT[business.paymentSetup];
  return (
    <section aria-labelledby="payments-h" className="dashboard-part">
      <h2 id="payments-h">Payment Setup</h2>
      <div className={`card payment-status ${business.paymentSetup}`}>
        <h3>{text.title}</h3>
        <p>
          Status: <strong>{business.paymentSetup}</strong>
        </p>
        <p>{text.text}</p>
        <a
          className={business.paymentSetup === 'completed' ? 'btn secondary' : 'btn'}
          href="/contractor/billing"
        >
          {text.action}
        </a>
      </div>
      <SpendLimits />
    </section>
  );
}

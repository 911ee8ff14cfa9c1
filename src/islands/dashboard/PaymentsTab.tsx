// The dashboard's Payments tab: the payment setup status the page computed by the spec's rule
// ('required', 'pending', 'completed') in plain words. Until it is completed, "Set up payment"
// asks the server for the gateway's hosted page (Stripe Checkout in setup mode, or the sandbox's
// local stand-in) and goes there: no card data is ever typed on our pages. Coming back
// (?setup=success|cancelled) it says how it went. Below: the contractor's lead limits.
import { useState } from 'react';
import { PAYMENT_SETUP_TEXT } from '../../domain/profile-rules.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { SpendLimits } from './SpendLimits.tsx';
import type { DashboardBusiness, SetupReturn } from './types.ts';
import '../../styles/dashboard-parts.css';

export const SETUP_RETURN_TEXT = {
  saved: 'Your card was saved. Payment setup is completed.',
  confirming:
    'Your card is being confirmed. This page shows it as completed once the payment provider confirms it.',
  cancelled: 'Payment setup was cancelled. No card was saved.',
} as const;

export function PaymentsTab({
  business,
  setupReturn = null,
}: {
  business: DashboardBusiness;
  setupReturn?: SetupReturn;
}) {
  const text = PAYMENT_SETUP_TEXT[business.paymentSetup];
  const completed = business.paymentSetup === 'completed';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    const answer = await api<{ url: string }>('POST', '/api/contractor/payment-setup');
    if (answer.ok && answer.body.url) {
      window.location.assign(answer.body.url);
      return;
    }
    setError(answer.body.error ?? UNEXPECTED);
    setBusy(false);
  };

  const returned =
    setupReturn === 'cancelled'
      ? SETUP_RETURN_TEXT.cancelled
      : setupReturn === 'success'
        ? completed
          ? SETUP_RETURN_TEXT.saved
          : SETUP_RETURN_TEXT.confirming
        : null;

  return (
    <section aria-labelledby="payments-h" className="dashboard-part">
      <h2 id="payments-h">Payment Setup</h2>
      {returned && (
        <p className="notice" role="status">
          {returned}
        </p>
      )}
      <div className={`card payment-status ${business.paymentSetup}`}>
        <h3>{text.title}</h3>
        <p>
          Status: <strong>{business.paymentSetup}</strong>
        </p>
        <p>{text.text}</p>
        {completed ? (
          <a className="btn secondary" href="/contractor/billing">
            {text.action}
          </a>
        ) : (
          <button className="btn" type="button" onClick={() => void start()} disabled={busy}>
            {busy ? 'Opening the secure payment page…' : text.action}
          </button>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      <SpendLimits />
    </section>
  );
}

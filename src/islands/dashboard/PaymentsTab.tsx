// The dashboard's Payments tab: the payment setup status the page computed by the spec's rule
// ('required', 'pending', 'completed') in plain words. Until it is completed, "Set up payment"
// asks the server for the gateway's hosted page (Stripe Checkout in setup mode, or the sandbox's
// local stand-in) and goes there: no card data is ever typed on our pages. Coming back
// (?setup=success|cancelled) it says how it went; back from Stripe's page (?session_id=, which
// Stripe puts on the success URL) it first asks the server to record the session's card, which
// re-reads it from Stripe (the webhook records it too, whichever comes first). Below: the
// contractor's lead limits.
import { useEffect, useState } from 'react';
import { PAYMENT_SETUP_TEXT } from '../../domain/profile-rules.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { AwayCard } from './AwayCard.tsx';
import { SpendLimits } from './SpendLimits.tsx';
import type { DashboardBusiness, SetupReturn } from './types.ts';
import '../../styles/dashboard-parts.css';
import { ErrorAlert } from '../shared/notices.tsx';

const SETUP_RETURN_TEXT = {
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
  const [status, setStatus] = useState(business.paymentSetup);
  const text = PAYMENT_SETUP_TEXT[status];
  const completed = status === 'completed';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (setupReturn !== 'success') return;
    const sessionId = new URLSearchParams(window.location.search).get('session_id');
    if (!sessionId) return;
    void api<{ status: typeof status }>('POST', '/api/contractor/payment-setup/complete', { sessionId }).then(
      (answer) => {
        if (answer.ok) setStatus(answer.body.status);
      },
    );
  }, [setupReturn]);

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
      <div className={`card payment-status ${status}`}>
        <h3>{text.title}</h3>
        <p>
          Status: <strong>{status}</strong>
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
        <ErrorAlert>{error}</ErrorAlert>
      </div>
      <AwayCard />
      <SpendLimits />
    </section>
  );
}

// The Payment Methods tab: each card on file (brand, last4, expiry, default, status in words),
// as a list of cards that fits a phone, and where to add or replace one.
import { PAYMENT_SETUP_PATH } from '../../domain/billing-rules.ts';
import { displayName, formatCardExpiry } from '../../domain/format.ts';
import type { BillingPaymentMethod, BillingSummary } from '../../schemas/billing.ts';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

function cardState(m: BillingPaymentMethod): { label: string; tone: 'ok' | 'danger' } {
  if (m.expired) return { label: 'Expired', tone: 'danger' };
  if (m.status === 'failed') return { label: 'Declined', tone: 'danger' };
  return { label: 'Active', tone: 'ok' };
}

export default function PaymentMethodsTab({ summary }: { summary: BillingSummary }) {
  if (!summary.paymentMethods.length) {
    return (
      <div>
        <h2>No payment method</h2>
        <p>You have no card on file, so no lead can be sent to you.</p>
        <p>
          <a className="btn" href={PAYMENT_SETUP_PATH}>
            Set up payment
          </a>
        </p>
      </div>
    );
  }
  return (
    <div>
      <h2>Cards on file</h2>
      <ul className="billing-methods">
        {summary.paymentMethods.map((m) => {
          const state = cardState(m);
          return (
            <li key={m.id} className="billing-method">
              <p>
                <strong>
                  {BRANDS[m.brand.toLowerCase()] ?? displayName(m.brand)} ending in {m.last4}
                </strong>
                {m.isDefault && <span className="chip info">Default</span>}
                <span className={`chip ${state.tone}`}>{state.label}</span>
              </p>
              <p className="muted">Expires {formatCardExpiry(m.expiryMonth, m.expiryYear)}</p>
            </li>
          );
        })}
      </ul>
      <p>
        <a className="btn secondary" href={PAYMENT_SETUP_PATH}>
          Add or replace a card
        </a>
      </p>
    </div>
  );
}

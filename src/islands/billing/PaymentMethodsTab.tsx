// The Payment Methods tab: each card on file (brand, last4, expiry, default, status).
import type { BillingSummary } from '../../schemas/billing.ts';

export default function PaymentMethodsTab({ summary }: { summary: BillingSummary }) {
  if (!summary.paymentMethods.length) {
    return (
      <div className="card">
        <h2>No payment method</h2>
        <p>
          You have no card on file. <a href="/dashboard?tab=payment-setup">Set up payment</a> to receive
          leads.
        </p>
      </div>
    );
  }
  return (
    <table className="billing-table">
      <caption>Cards on file</caption>
      <thead>
        <tr>
          <th scope="col">Card</th>
          <th scope="col">Expires</th>
          <th scope="col">Default</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {summary.paymentMethods.map((m) => (
          <tr key={m.id}>
            <td>
              {m.brand} ending in {m.last4}
            </td>
            <td>
              {String(m.expiryMonth).padStart(2, '0')}/{m.expiryYear}
            </td>
            <td>{m.isDefault ? 'Default' : ''}</td>
            <td>{m.expired ? 'expired' : m.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// One transaction: date, description, amount, status, and its receipt and refund actions. No
// receipt URL: 'Receipt Not Available'; a refund is asked of support, never taken here.
import { BILLING_MESSAGES as M } from '../../domain/billing-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import type { BillingTransaction } from '../../schemas/billing.ts';

export type RowNotice = { title: string; text: string };

export default function TransactionRow(props: {
  t: BillingTransaction;
  onNotice: (notice: RowNotice) => void;
}) {
  const { t, onNotice } = props;
  return (
    <tr>
      <td>
        <time dateTime={t.createdAt}>{new Date(t.createdAt).toLocaleString('en-US')}</time>
      </td>
      <td>
        {t.description}
        {t.failureMessage && <span className="muted"> ({t.failureMessage})</span>}
      </td>
      <td className="num">{formatMoney(t.amountCents)}</td>
      <td>{t.status}</td>
      <td className="billing-row-actions">
        {t.receiptUrl ? (
          <a href={t.receiptUrl} target="_blank" rel="noopener noreferrer">
            Receipt<span className="visually-hidden"> for {t.description}</span>
          </a>
        ) : (
          <button
            type="button"
            className="linkish"
            onClick={() => onNotice({ title: M.receiptMissing, text: M.receiptMissingText })}
          >
            Receipt<span className="visually-hidden"> for {t.description}</span>
          </button>
        )}
        {(t.status === 'paid' || t.status === 'succeeded') && (
          <button
            type="button"
            className="linkish"
            onClick={() =>
              onNotice({
                title: 'Request a refund',
                text: 'Refunds are handled by our support team: contact support and name this charge, its date and amount.',
              })
            }
          >
            Request refund<span className="visually-hidden"> for {t.description}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

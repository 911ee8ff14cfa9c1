// One transaction: date, description, amount, status, the lead's credit (its reason, where it
// stands and what was found), and its receipt and refund actions. No receipt: 'Receipt Not
// Available'; a refund is asked of support, never taken here (a lead's
// automatic credit is asked from the lead on the dashboard).
import { BILLING_MESSAGES as M, RECEIPT_ENDPOINT } from '../../domain/billing-rules.ts';
import { CREDIT_STATUS_LABELS, CREDIT_WINDOW_DAYS, creditReasonLabel } from '../../domain/credit-rules.ts';
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
      <td className="billing-credit">
        {t.credit ? (
          <>
            <strong>{creditReasonLabel(t.credit.reason)}</strong>: {CREDIT_STATUS_LABELS[t.credit.status]}
            <div className="muted">{t.credit.finding}</div>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="billing-row-actions">
        {t.receiptUrl || t.receiptAvailable ? (
          // Without a stored URL the link asks the gateway for the charge's receipt and redirects.
          <a href={t.receiptUrl ?? `${RECEIPT_ENDPOINT}/${t.id}`} target="_blank" rel="noopener noreferrer">
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
                text: `Refunds are handled by our support team: contact support and name this charge, its date and amount. A lead that was a duplicate, outside your area, fake or had a number that does not work can be disputed from the lead on your dashboard within ${CREDIT_WINDOW_DAYS} days of its charge.`,
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

// One transaction: date, description, amount, status in words, the lead's credit (its reason,
// where it stands and what was found), and what can be done with it: its receipt (every charge
// whose money was taken has one), the dispute of a lead charge still within its 7 days ("Request
// refund" opens the lead credit flow), and for a declined charge the fix (the card). Under 640 px
// each row is a card (billing.css); every cell names its column there (data-label).
import { RECEIPT_ENDPOINT } from '../../domain/billing-rules.ts';
import { CREDIT_STATUS_LABELS, creditReasonLabel } from '../../domain/credit-rules.ts';
import { chargeOutcome } from '../../domain/figures.ts';
import { formatDate, formatDateTime, formatMoney } from '../../domain/format.ts';
import type { BillingTransaction } from '../../schemas/billing.ts';

export default function TransactionRow(props: {
  t: BillingTransaction;
  /** Opens the lead credit flow for this charge. */
  onRefund: (t: BillingTransaction) => void;
}) {
  const { t, onRefund } = props;
  const outcome = chargeOutcome(t.status);
  const net = t.amountCents - t.refundedCents;
  return (
    <tr role="row">
      <td role="cell" data-label="Date">
        <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
      </td>
      <td role="cell" data-label="Description">
        {t.description}
      </td>
      <td role="cell" data-label="Amount" className="num">
        <span>
          {formatMoney(t.amountCents)}
          {t.refundedCents > 0 && t.status !== 'refunded' && (
            <span className="muted billing-sub">
              {formatMoney(t.refundedCents)} refunded, {formatMoney(net)} paid
            </span>
          )}
        </span>
      </td>
      <td role="cell" data-label="Status">
        <span>
          <span className={`chip ${outcome.tone}`}>{outcome.label}</span>
          {t.failureMessage && <span className="muted billing-sub">{t.failureMessage}</span>}
        </span>
      </td>
      <td role="cell" data-label="Credit" className={`billing-credit${t.credit ? '' : ' is-empty'}`}>
        {t.credit ? (
          <span>
            <strong>{creditReasonLabel(t.credit.reason)}</strong>: {CREDIT_STATUS_LABELS[t.credit.status]}
            <span className="muted billing-sub">{t.credit.finding}</span>
          </span>
        ) : (
          <span className="visually-hidden">No credit</span>
        )}
      </td>
      <td role="cell" data-label="Actions" className="billing-actions-cell">
        <div className="billing-row-actions">
          {outcome.fix && (
            <a className="btn secondary" href={outcome.fix.href}>
              {outcome.fix.label}
            </a>
          )}
          {t.receiptAvailable && (
            // The endpoint redirects to the gateway's receipt, or to our own receipt page.
            <a
              className="btn secondary"
              href={t.receiptUrl ?? `${RECEIPT_ENDPOINT}/${t.id}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Receipt<span className="visually-hidden"> for {t.description}</span>
            </a>
          )}
          {t.disputableUntil && (
            <button type="button" className="btn secondary" onClick={() => onRefund(t)}>
              Request refund<span className="visually-hidden"> for {t.description}</span>
            </button>
          )}
          {t.disputableUntil && (
            <span className="muted billing-until">Request by {formatDate(t.disputableUntil)}</span>
          )}
        </div>
      </td>
    </tr>
  );
}

// "Request refund" on a lead charge (issue 24, Must 6): the lead credit flow itself, the same
// dispute the dashboard's lead credit form sends (POST /api/contractor/leads/:id/credit, checked
// by src/server/leads/credits/: a rule met is refunded to the card at once, anything else goes to our
// team's queue on the admin payments page), in a modal <dialog>. Errors show on their field,
// which takes the focus; the outcome is said in the dialog before it is closed.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { BILLING_MESSAGES as B } from '../../domain/billing-rules.ts';
import { CREDIT_RULES_PATH } from '../../domain/credit-rules.ts';
import { formatDate, formatMoney } from '../../domain/format.ts';
import type { BillingTransaction } from '../../schemas/billing.ts';
import type { LeadCredit } from '../../schemas/lead-credit.ts';
import { UNEXPECTED } from '../shared/api.ts';
import { CreditFields, useCreditRequest } from '../shared/credit-fields.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

export default function RefundDialog(props: {
  /** The charge asked about; null: the dialog is closed. */
  charge: BillingTransaction | null;
  onClose: (changed: boolean) => void;
}) {
  const { charge, onClose } = props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const credit = useCreditRequest(id);
  const { busy, reset } = credit;
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<LeadCredit | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (charge && !element.open) {
      opener.current = document.activeElement;
      reset();
      setFormError(null);
      setOutcome(null);
      element.showModal();
    } else if (!charge && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [charge, reset]);

  const close = () => onClose(outcome !== null);

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!charge?.distributionId) return;
    setFormError(null);
    const answer = await credit.send(charge.distributionId);
    if (!answer) return;
    if (!answer.ok) {
      setFormError(answer.body.error ?? UNEXPECTED);
      return;
    }
    setOutcome(answer.body);
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog billing-refund"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={`${id}-title`}>Request a refund</h2>
      {charge && (
        <p>
          <strong>{charge.description}</strong>, {formatMoney(charge.amountCents)}, charged{' '}
          {formatDate(charge.createdAt)}.
        </p>
      )}
      {outcome ? (
        <>
          <p role="status">
            <strong>{outcome.status === 'refunded' ? B.refundDone : B.refundQueued}</strong>
          </p>
          <p>{outcome.finding}</p>
          <div className="confirm-actions">
            <button type="button" className="btn" onClick={close}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void send(e)} noValidate>
          <p className="muted">
            A duplicate, a lead outside your area or a number that does not work is checked at once and
            refunded to your card when it meets the rules; anything else goes to our support team, who answer
            by e-mail.
            {charge?.disputableUntil ? ` You can ask until ${formatDate(charge.disputableUntil)}.` : ''}{' '}
            <a href={CREDIT_RULES_PATH} target="_blank" rel="noopener">
              How lead credits work
            </a>
          </p>
          <CreditFields {...credit.fields} legend="Why should this charge be refunded?" />
          <ErrorAlert>{formError}</ErrorAlert>
          <div className="confirm-actions">
            <button type="button" className="btn secondary" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={busy}>
              {busy ? 'Sending…' : 'Send request'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

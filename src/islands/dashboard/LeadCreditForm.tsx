// Automatic credits on one lead: dispute a charged lead within 7 days (a reason, and a note for
// 'other'), or see what became of the dispute. The server checks the published rules
// (/lead-credit-rules) at once: met, refunded to the card; otherwise with our support team.
import { useId, useState, type SyntheticEvent } from 'react';
import {
  CREDIT_MESSAGES as M,
  CREDIT_RULES_PATH,
  CREDIT_WINDOW_DAYS,
  creditReasonLabel,
  type CreditStatus,
} from '../../domain/credit-rules.ts';
import { formatDate, formatMoney } from '../../domain/format.ts';
import type { LeadCredit, LeadCreditState } from '../../schemas/lead-credit.ts';
import { pushError } from '../../stores/toasts.ts';
import { UNEXPECTED } from '../shared/api.ts';
import { CreditFields, useCreditRequest } from '../shared/credit-fields.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

const STATUS_TEXT: Record<CreditStatus, string> = {
  refunded: M.refunded,
  refunding: 'Credit approved: the refund to your card is under way.',
  open: M.queued,
  approved: 'Our team approved your request: the charge is refunded to your card.',
  denied: 'Our team reviewed your request and did not credit this lead. Contact support with any questions.',
};

function CreditOutcome({ credit }: { credit: LeadCredit }) {
  return (
    <div role="status" className="card lead-credit">
      <h3>Lead credit</h3>
      <p>
        <strong>{STATUS_TEXT[credit.status]}</strong>
      </p>
      <p>Reason: {creditReasonLabel(credit.reason)}</p>
      <p>{credit.finding}</p>
      {credit.decision && <p>Our team’s reason: {credit.decision}</p>}
      <p className="muted">
        {formatMoney(credit.amountCents)} · requested {formatDate(credit.createdAt)}
        {credit.refundedAt && ` · refunded ${formatDate(credit.refundedAt)}`}
      </p>
    </div>
  );
}

export default function LeadCreditForm(props: {
  distributionId: string;
  state: LeadCreditState;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const request = useCreditRequest(id);
  const busy = request.busy;
  const [error, setError] = useState<string | null>(null);
  const { credit, disputableUntil, disputable } = props.state;

  if (credit) return <CreditOutcome credit={credit} />;
  if (!disputableUntil) return null;
  const rules = <a href={CREDIT_RULES_PATH}>How lead credits work</a>;
  if (!disputable) {
    return (
      <p className="muted">
        {M.tooLate} {rules}.
      </p>
    );
  }

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    const answer = await request.send(props.distributionId);
    if (!answer) return;
    if (!answer.ok) {
      setError(answer.body.error ?? UNEXPECTED);
      pushError('Could not send the dispute', answer.body.error ?? UNEXPECTED);
      return;
    }
    await props.onChanged();
  };

  if (!open) {
    return (
      <p>
        <button type="button" className="btn secondary" onClick={() => setOpen(true)}>
          Dispute this charge
        </button>{' '}
        <span className="muted">
          Until {formatDate(disputableUntil)} ({CREDIT_WINDOW_DAYS} days after the charge). {rules}.
        </span>
      </p>
    );
  }
  return (
    <form className="response-form" onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Dispute this charge</h3>
      <p className="muted">
        A duplicate, a lead outside your area or a number that does not work is checked at once and refunded
        to your card when it meets the rules; anything else goes to our support team. A fake request or a
        number that does not work is also a report: when a second buyer of the lead reports it, every buyer is
        refunded at once. {rules}.
      </p>
      <CreditFields {...request.fields} legend="Reason" />
      <ErrorAlert>{error}</ErrorAlert>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Sending…' : 'Request a credit'}
      </button>{' '}
      <button type="button" className="btn secondary" onClick={() => setOpen(false)} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}

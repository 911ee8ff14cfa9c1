// A lead credit's fields, for the dashboard's dispute form and billing's refund dialog (the same
// request: POST /api/contractor/leads/:id/credit): the reason (radios) and the note (required for
// 'other'), each with its own error under it; `checkCredit` checks both against the endpoint's
// schema, and `focusCreditError` puts the focus on the first field that is wrong.
import { CREDIT_NOTE_MAX, CREDIT_REASONS, type CreditReason } from '../../domain/credit-rules.ts';
import { ZLeadCreditRequest, type TLeadCreditRequest } from '../../schemas/lead-credit.ts';

export interface CreditDraft {
  reason: CreditReason | '';
  note: string;
}
export type CreditErrors = { reason?: string; note?: string };

export const EMPTY_CREDIT: CreditDraft = { reason: '', note: '' };

/** The request to send, or each field's first problem. */
export function checkCredit(
  draft: CreditDraft,
): { ok: true; request: TLeadCreditRequest } | { ok: false; errors: CreditErrors } {
  const parsed = ZLeadCreditRequest.safeParse({
    reason: draft.reason || undefined,
    ...(draft.note.trim() ? { note: draft.note } : {}),
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: CreditErrors = {};
  for (const issue of parsed.error.issues)
    errors[issue.path[0] === 'note' ? 'note' : 'reason'] ??= issue.message;
  return { ok: false, errors };
}

/** The focus to the first field in error: the first reason, or the note. */
export function focusCreditError(id: string, errors: CreditErrors): void {
  document.getElementById(errors.reason ? `${id}-reason-0` : `${id}-note`)?.focus();
}

export function CreditFields(props: {
  /** useId() of the form: the fields' ids start with it. */
  id: string;
  legend: string;
  draft: CreditDraft;
  onDraft: (draft: CreditDraft) => void;
  errors: CreditErrors;
}) {
  const { id, draft, errors } = props;
  return (
    <>
      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend>{props.legend}</legend>
        {CREDIT_REASONS.map((r, i) => (
          <label key={r.value} className="choice">
            <input
              id={`${id}-reason-${i}`}
              type="radio"
              name={`${id}-reason`}
              value={r.value}
              checked={draft.reason === r.value}
              aria-invalid={errors.reason ? true : undefined}
              onChange={() => props.onDraft({ ...draft, reason: r.value })}
            />
            {r.label}
          </label>
        ))}
        {errors.reason && (
          <p id={`${id}-reason-error`} className="error" role="alert">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <label htmlFor={`${id}-note`}>Note{draft.reason === 'other' ? '' : ' (optional)'}</label>
      <textarea
        id={`${id}-note`}
        value={draft.note}
        rows={3}
        maxLength={CREDIT_NOTE_MAX}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={errors.note ? `${id}-note-error` : undefined}
        onChange={(e) => props.onDraft({ ...draft, note: e.target.value })}
      />
      {errors.note && (
        <p id={`${id}-note-error`} className="error" role="alert">
          {errors.note}
        </p>
      )}
    </>
  );
}

// A lead credit's fields, for the dashboard's dispute form and billing's refund dialog (the same
// request: POST /api/contractor/leads/:id/credit): the reason (radios) and the note (required for
// 'other'), each with its own error under it; `useCreditRequest` keeps what is typed, checks it
// against the endpoint's schema (the focus to the first field that is wrong) and sends it.
import { CREDIT_NOTE_MAX, CREDIT_REASONS, type CreditReason } from '../../domain/credit-rules.ts';
import { useCallback, useState } from 'react';
import { ZLeadCreditRequest, type LeadCredit, type TLeadCreditRequest } from '../../schemas/lead-credit.ts';
import { api, type ApiAnswer } from './api.ts';

export interface CreditDraft {
  reason: CreditReason | '';
  note: string;
}
export type CreditErrors = { reason?: string; note?: string };

const EMPTY_CREDIT: CreditDraft = { reason: '', note: '' };

/** The request to send, or each field's first problem. */
function checkCredit(
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
function focusCreditError(id: string, errors: CreditErrors): void {
  document.getElementById(errors.reason ? `${id}-reason-0` : `${id}-note`)?.focus();
}

/**
 * A credit form's state: what is typed, each field's error, whether it is on its way; `send`
 * checks it and posts it for the lead, answering null when a field is wrong (said by the field).
 * `id`: useId() of the form.
 */
export function useCreditRequest(id: string) {
  const [draft, setDraft] = useState(EMPTY_CREDIT);
  const [errors, setErrors] = useState<CreditErrors>({});
  const [busy, setBusy] = useState(false);
  const send = async (distributionId: string): Promise<ApiAnswer<LeadCredit> | null> => {
    const checked = checkCredit(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      focusCreditError(id, checked.errors);
      return null;
    }
    setBusy(true);
    const answer = await api<LeadCredit>(
      'POST',
      `/api/contractor/leads/${distributionId}/credit`,
      checked.request,
    );
    setBusy(false);
    return answer;
  };
  const reset = useCallback(() => {
    setDraft(EMPTY_CREDIT);
    setErrors({});
  }, []);
  return { fields: { id, draft, onDraft: setDraft, errors }, busy, send, reset };
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

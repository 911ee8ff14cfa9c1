// The admin lists' reason form (rejecting an application or a claim, blocking a request, hiding a
// review, granting or declining a credit): opened in place of the row's buttons, a labelled text
// box, the action's button and Cancel. A required reason is trimmed and the button waits for one;
// otherwise the screen checks what was typed and shows its `error` under the box.
import { useId, useState, type ReactNode } from 'react';

type FormEvent = { preventDefault: () => void };

export default function ReasonForm(props: {
  /** Names the box: what the reason is for, and who reads it. */
  label: ReactNode;
  /** The button that sends it: the action itself ("Send rejection", "Block request"). */
  submitLabel: string;
  maxLength?: number;
  /** False: sent as typed, even empty (the screen checks it and says so in `error`). */
  required?: boolean;
  /** What the action does beyond the reason, under the box. */
  note?: ReactNode;
  error?: string | null;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const required = props.required ?? true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!required) props.onSubmit(reason);
    else if (reason.trim()) props.onSubmit(reason.trim());
  };
  return (
    <form className="admin-inline-form" onSubmit={submit}>
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        required={required || undefined}
        maxLength={props.maxLength}
        rows={3}
        value={reason}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      {props.error && (
        <p id={`${id}-error`} className="error">
          {props.error}
        </p>
      )}
      {props.note}
      <div className="admin-actions">
        <button className="btn" type="submit" disabled={props.busy || (required && !reason.trim())}>
          {props.submitLabel}
        </button>
        <button className="btn secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// Form fields shared by the account islands: a labelled input whose message (an error, or help
// when there is no error) is tied to it for screen readers.
import { useId } from 'react';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../domain/account-rules.ts';

interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  help?: string | undefined;
  /** Another element that describes the input (e.g. a checklist). */
  describedBy?: string | undefined;
}

function Field({
  label,
  value,
  onValue,
  error,
  help,
  describedBy,
  type,
  autoComplete,
  maxLength,
  minLength,
}: FieldProps & { type: string; autoComplete: string; maxLength: number; minLength?: number }) {
  const id = useId();
  const message = error ?? help;
  const described = [message ? `${id}-message` : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <>
      <label>
        {label}
        <input
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          minLength={minLength}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      </label>
      {message && (
        <p id={`${id}-message`} className={error ? 'error' : 'muted'}>
          {message}
        </p>
      )}
    </>
  );
}

export function EmailField(props: FieldProps) {
  return <Field {...props} type="email" autoComplete="email" maxLength={EMAIL_MAX} />;
}

export function PasswordField(
  props: FieldProps & { autoComplete: 'current-password' | 'new-password'; minLength?: number },
) {
  return <Field {...props} type="password" maxLength={PASSWORD_MAX} />;
}

export function TextField(props: FieldProps & { autoComplete: string; maxLength: number }) {
  return <Field {...props} type="text" />;
}

/** New password and its confirmation (reset and change), with the form's message below. */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error: string | null;
}) {
  return (
    <>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        value={props.password}
        onValue={props.onPassword}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        value={props.confirm}
        onValue={props.onConfirm}
      />
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}

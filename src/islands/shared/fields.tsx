// Form fields shared by the account islands: a labelled input whose message (an error, or help
// when there is no error) is tied to it for screen readers.
import { useId } from 'react';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_RULES,
  passwordProblems,
  SIGNUP_PASSWORD_MIN,
} from '../../domain/account-rules.ts';
import { PasswordStrength, usePasswordStrength } from './password-strength.tsx';
import { ErrorAlert } from './notices.tsx';

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

/**
 * New password and its confirmation (reset and change), with the policy's checklist and strength
 * message as the person types (the account's e-mail, when known, for its name rule), and the
 * form's message below.
 */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error: string | null;
  email?: string | undefined;
}) {
  const id = useId();
  const strength = usePasswordStrength({ password: props.password, email: props.email });
  return (
    <>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        minLength={SIGNUP_PASSWORD_MIN}
        value={props.password}
        onValue={props.onPassword}
        describedBy={`${id}-rules ${id}-strength`}
      />
      <PasswordRules password={props.password} id={`${id}-rules`} />
      <PasswordStrength id={`${id}-strength`} message={strength} />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        minLength={SIGNUP_PASSWORD_MIN}
        value={props.confirm}
        onValue={props.onConfirm}
      />
      <ErrorAlert>{props.error}</ErrorAlert>
    </>
  );
}

/**
 * The new password's rules, each ticked as it is met (said to screen readers as met or not met):
 * `live` reads each change out, `label` names the list where nothing else does.
 */
export function PasswordRules(props: { password: string; id?: string; live?: boolean; label?: string }) {
  const problems = new Set(passwordProblems(props.password));
  return (
    <ul
      id={props.id}
      className="password-rules"
      aria-live={props.live ? 'polite' : undefined}
      aria-label={props.label}
    >
      {PASSWORD_RULES.map((rule) => {
        const met = !problems.has(rule.message);
        return (
          <li key={rule.message} className={met ? 'met' : undefined}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.message}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

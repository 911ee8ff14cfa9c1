// Small pieces of the registration form: a labelled input with its message, a select.
import type { InputHTMLAttributes, ReactNode } from 'react';

export const messageId = (field: string) => `signup-${field}-message`;

export function FieldMessage({ field, text }: { field: string; text: string | undefined }) {
  return text ? (
    <p id={messageId(field)} className="error">
      {text}
    </p>
  ) : null;
}

/** A labelled input with its error, or its help when there is no error. */
export function Input(
  props: {
    label: string;
    field: string;
    value: string;
    error: string | undefined;
    help?: string;
    onValue: (value: string) => void;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>,
) {
  const { label, field, value, error, help, onValue, ...attributes } = props;
  const message = error ?? help;
  return (
    <>
      <label>
        {label}
        <input
          {...attributes}
          name={field}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId(field) : undefined}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      </label>
      {error ? (
        <FieldMessage field={field} text={error} />
      ) : (
        help && (
          <p id={messageId(field)} className="muted">
            {help}
          </p>
        )
      )}
    </>
  );
}

export function Select<T extends string | number>(props: {
  label: string;
  field: string;
  value: T;
  options: readonly { value: T; label: string }[];
  error: string | undefined;
  onValue: (value: T) => void;
  children?: ReactNode;
}) {
  const { label, field, value, options, error, onValue } = props;
  return (
    <>
      <label>
        {label}
        <select
          name={field}
          value={String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId(field) : undefined}
          onChange={(e) => {
            const chosen = options.find((o) => String(o.value) === e.currentTarget.value);
            if (chosen) onValue(chosen.value);
          }}
        >
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <FieldMessage field={field} text={error} />
    </>
  );
}

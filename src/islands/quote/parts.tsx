// Small pieces of the wizard's steps: a field's message, a preset choice, a labelled text input.
import type { InputHTMLAttributes, ReactNode } from 'react';

export function FieldMessage({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The id of a field's message, for aria-describedby; undefined when it has none. */
export const messageId = (field: string, error: string | undefined) =>
  error ? `quote-${field}-error` : undefined;

/** One preset of a choice group: a radio in a card that shows when it is chosen. `invalid`: the
 * group has a message (the first radio of an invalid group is where focus goes). */
export function Choice(props: {
  name: string;
  value?: string;
  chosen: boolean;
  invalid?: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`choice${props.chosen ? ' chosen' : ''}`}>
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.chosen}
        aria-invalid={props.invalid ? true : undefined}
        onChange={props.onChoose}
      />
      {props.children}
    </label>
  );
}

/** A labelled text input of the draft with its message. */
export function DraftInput(
  props: {
    label: string;
    field: string;
    value: string;
    error: string | undefined;
    onValue: (value: string) => void;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>,
) {
  const { label, field, value, error, onValue, ...attributes } = props;
  return (
    <>
      <label>
        {label}
        <input
          {...attributes}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId(field, error)}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      </label>
      <FieldMessage id={`quote-${field}-error`} text={error} />
    </>
  );
}

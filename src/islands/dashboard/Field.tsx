// A labelled control of the dashboard's forms with its message (error, else help) tied to it.
import { useId, type ReactNode } from 'react';

/** A labelled control with its message (error, else help) tied to it for screen readers. */
export default function Field(props: {
  label: string;
  error: string | null;
  help?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const id = useId();
  const message = props.error ?? props.help;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        describedBy: message ? `${id}-message` : undefined,
        invalid: props.error ? true : undefined,
      })}
      {message && (
        <p id={`${id}-message`} className={props.error ? 'error' : 'muted'}>
          {message}
        </p>
      )}
    </div>
  );
}

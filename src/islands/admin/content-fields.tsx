// Fields of the admin content editors: a labelled input or text area with its length cap, a
// count of the characters left, and its error tied to it for screen readers. And the field
// messages of a failed check, the same for the shared schema run here and the server's 400.
import { useId } from 'react';
import * as z from 'zod/mini';

export type FieldErrors = Record<string, string>;

/** The first message per field (its path joined with dots, as the server's 400 names them). */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's field messages, first of each. */
export function serverFieldErrors(fields: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields ?? {})) if (messages[0]) out[key] = messages[0];
  return out;
}

export function ContentField(props: {
  label: string;
  value: string;
  max: number;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Rows for a text area; none: a one-line input. */
  rows?: number;
  help?: string;
  required?: boolean;
}) {
  const id = useId();
  const describedBy = `${id}-count${props.error ? ` ${id}-error` : ''}${props.help ? ` ${id}-help` : ''}`;
  const common = {
    id,
    value: props.value,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div>
      <label htmlFor={id}>{props.label}</label>
      {props.rows ? (
        <textarea {...common} rows={props.rows} onChange={(e) => props.onValue(e.currentTarget.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => props.onValue(e.currentTarget.value)} />
      )}
      {props.help && (
        <p id={`${id}-help`} className="muted">
          {props.help}
        </p>
      )}
      <p id={`${id}-count`} className="muted">
        {props.value.length} / {props.max} characters
      </p>
      {props.error && (
        <p id={`${id}-error`} className="error">
          {props.error}
        </p>
      )}
    </div>
  );
}

// The two ways an island tells what happened: an error read out at once (role alert, drawn only
// while there is one), and a status line read out politely (always in the page, so that screen
// readers hear it change).
import type { ReactNode } from 'react';

export function ErrorAlert(props: { children?: ReactNode }) {
  return props.children ? (
    <p className="error" role="alert">
      {props.children}
    </p>
  ) : null;
}

export function StatusLine(props: { children?: ReactNode }) {
  return (
    <p role="status" aria-live="polite">
      {props.children}
    </p>
  );
}

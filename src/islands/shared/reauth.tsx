// Re-authentication before a sensitive change (issue 26): a change the server refuses with
// REAUTH_REQUIRED (the password last proven more than 5 minutes ago) opens a small dialog asking
// for the password; once POST /api/account/reauth accepts it the change is sent again, with what
// the visitor typed in the form untouched. Cancelling answers the refusal to the form. The dialog
// is the browser's modal <dialog>: focus moves to the password, stays inside, Escape cancels, and
// focus goes back to the button that sent the change.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { REAUTH_MESSAGES, REAUTH_REQUIRED } from '../../domain/session-rules.ts';
import { api, UNEXPECTED, type ApiAnswer } from './api.ts';
import { PasswordField } from './fields.tsx';

interface Asking {
  message: string;
  /** What had focus when the change was sent (its button, which the form then disables). */
  opener: Element | null;
  resolve: (proven: boolean) => void;
}

/**
 * `guarded(send)` sends a sensitive change and, when the server asks for the password again,
 * asks for it and sends the change once more; `dialog` is rendered by the island (outside any form).
 */
export function useReauth(): {
  guarded: <T>(send: () => Promise<ApiAnswer<T>>) => Promise<ApiAnswer<T>>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const guarded = useCallback(async <T,>(send: () => Promise<ApiAnswer<T>>) => {
    const opener = document.activeElement;
    const first = await send();
    if (first.status !== 403 || first.body.code !== REAUTH_REQUIRED) return first;
    const proven = await new Promise<boolean>((resolve) =>
      setAsking({ message: first.body.error ?? REAUTH_MESSAGES.required, opener, resolve }),
    );
    setAsking(null);
    return proven ? send() : first;
  }, []);
  const dialog = (
    <ReauthDialog
      open={asking !== null}
      message={asking?.message ?? ''}
      opener={asking?.opener ?? null}
      onDone={(proven) => asking?.resolve(proven)}
    />
  );
  return { guarded, dialog };
}

/**
 * Focus back to the button that sent the change. The form keeps that button disabled until the
 * change's answer (the resend included) is in, and a disabled button takes no focus: wait for it,
 * up to 10 seconds.
 */
function refocus(element: HTMLElement, dialog: HTMLDialogElement, tries = 200): void {
  // Not if the visitor has moved on meanwhile (focus still in the closed dialog, on the page's
  // body, or on the disabled button itself is where the browser leaves it).
  const active = document.activeElement;
  const left = !active || active === document.body || active === element || dialog.contains(active);
  if (!element.isConnected || !left) return;
  if (!(element instanceof HTMLButtonElement && element.disabled)) {
    element.focus();
    return;
  }
  if (tries > 0) setTimeout(() => refocus(element, dialog, tries - 1), 50);
}

function ReauthDialog({
  open,
  message,
  opener,
  onDone,
}: {
  open: boolean;
  message: string;
  opener: Element | null;
  onDone: (proven: boolean) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const shown = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = opener;
      shown.current = true;
      setPassword('');
      setError(null);
      element.showModal();
    } else if (!open && shown.current) {
      // The browser may have closed it already (Escape).
      shown.current = false;
      if (element.open) element.close();
      if (returnTo.current instanceof HTMLElement) refocus(returnTo.current, element);
    }
  }, [open, opener]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!password) {
      setError(REAUTH_MESSAGES.missingPassword);
      return;
    }
    setBusy(true);
    const answer = await api('POST', '/api/account/reauth', { password });
    setBusy(false);
    if (answer.ok) {
      setPassword('');
      onDone(true);
      return;
    }
    setError(answer.body.fields?.['password']?.[0] ?? answer.body.error ?? UNEXPECTED);
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDone(false);
      }}
      onClose={() => {
        // Closed by the browser rather than by us (a second Escape is not cancelable).
        if (open) onDone(false);
      }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={titleId}>Enter your password</h2>
        <p id={bodyId}>{message}</p>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={error}
        />
        <div className="confirm-actions">
          <button type="button" className="btn secondary" onClick={() => onDone(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Checking…' : 'Continue'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

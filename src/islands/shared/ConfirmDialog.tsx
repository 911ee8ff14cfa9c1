// "Nothing final in one tap" (issue 24): a confirmation that states the consequence (and the
// price, where money moves) before a final action: a lead rejected, a plan changed or cancelled,
// a quote accepted, a contractor approved. The browser's own modal <dialog> (showModal): focus
// moves into it and stays there, Escape cancels, and focus goes back to the button that opened
// it. The confirming button names the action; Cancel is first in the tab order.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The consequence in plain words (and the price, where money moves). */
  children: ReactNode;
  /** The confirming button's label: the action itself ("Reject lead", "Change to Featured"). */
  confirmLabel: string;
  /** The button that closes it without acting ("Keep my plan" where "Cancel" would mislead). */
  cancelLabel?: string;
  /** A destructive action is styled as one (red), never as the page's main button. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    cancelLabel = 'Cancel',
    destructive,
    busy,
    onConfirm,
    onCancel,
  } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <div className="confirm-actions">
        <button type="button" className="btn secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`btn${destructive ? ' danger' : ''}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

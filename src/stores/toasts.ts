// App-wide toasts: islands call pushToast/dismissToast; a Toaster renders the list.
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  /** An action offered on the toast ("Undo"): its label and what it does; the toast then goes. */
  action?: { label: string; run: () => void };
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function pushToast(
  toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] },
  ttlMs = 6000,
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { variant: 'default', ...toast, id }]);
  if (ttlMs > 0) setTimeout(() => dismissToast(id), ttlMs);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** A destructive toast: something failed and the user should know why. */
export function pushError(title: string, description?: string): number {
  return pushToast(
    description === undefined
      ? { title, variant: 'destructive' }
      : { title, description, variant: 'destructive' },
  );
}

/** How long an undo stays on offer. */
const UNDO_MS = 8000;

/**
 * A toast saying what was done, with Undo for the given time: the final step of a reversible
 * action (a lead's stage moved) is one tap, and so is taking it back.
 */
export function pushUndo(title: string, undo: () => void, ttlMs = UNDO_MS): number {
  return pushToast({ title, action: { label: 'Undo', run: undo } }, ttlMs);
}

// The toasts of the app-wide store (stores/toasts.ts), announced politely to screen readers.
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toasts.ts';

export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.variant}`}>
          <strong>{t.title}</strong>
          {t.description && <span> — {t.description}</span>}
          {t.action && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                dismissToast(t.id);
                t.action!.run();
              }}
            >
              {t.action.label}
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

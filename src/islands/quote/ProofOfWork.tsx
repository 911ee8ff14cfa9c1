// The quote form's proof of work: the ALTCHA widget, loaded when the last step opens and solving
// its challenge (from /api/quotes/challenge) in the background; the form asks it for the payload
// when the request is sent, waiting for it if it is not done yet.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { AltchaWidgetElement } from 'altcha';
// The widget's JSX types (a type-only import: the package's runtime file for them is broken).
import type {} from 'altcha/types/react';

export interface ProofHandle {
  /** The solved challenge to send with the request; null when it could not be solved. */
  payload: () => Promise<string | null>;
  /** A fresh challenge (after the server refused the last one). */
  reset: () => void;
}

export default function ProofOfWork({ ref, error }: { ref: Ref<ProofHandle>; error: string | undefined }) {
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);

  useEffect(() => {
    let live = true;
    void import('./altcha-widget.ts').then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  /** The payload the widget solved on its own once loaded; what an offline submit sends. */
  const solved = useRef<string | null>(null);
  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onVerified = (event: Event) => {
      solved.current = (event as CustomEvent<{ payload?: string }>).detail.payload ?? null;
    };
    element.addEventListener('verified', onVerified);
    return () => element.removeEventListener('verified', onVerified);
  }, [loaded]);

  useImperativeHandle(ref, () => ({
    async payload() {
      const element = widget.current;
      if (!element) return null;
      // Offline, a new challenge cannot be fetched: the one solved on load is sent (once back
      // online; the wizard waits for the connection). Online, a fresh one as before.
      if (!navigator.onLine && solved.current) return solved.current;
      const result = await element.verify().catch(() => null);
      return result?.payload ?? null;
    },
    reset() {
      solved.current = null;
      widget.current?.reset();
    },
  }));

  return (
    <div className="proof-of-work" aria-describedby={error ? 'quote-altcha-error' : undefined}>
      {loaded ? (
        <altcha-widget
          ref={widget}
          challenge="/api/quotes/challenge"
          auto="onload"
          name="altcha"
          workers={1}
        />
      ) : (
        <p className="muted">Checking that you are not a robot…</p>
      )}
      {error && (
        <p id="quote-altcha-error" className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

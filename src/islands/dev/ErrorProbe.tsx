// /dev/errors only (a page that exists only on a developer's own machine, like /dev/mail): an
// island that fails on purpose, so the browser tests can see the error boundary every island root
// has. 'render' throws while rendering once "Break this island" is pressed; 'network' reads
// /api/quotes/recent on mount and throws fetch's own error when the network fails.
import { useEffect, useState } from 'react';
import { withBoundary } from '../shared/ErrorBoundary.tsx';

function ErrorProbe({ mode }: { mode: 'render' | 'network' }) {
  const [broken, setBroken] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (mode !== 'network') return;
    let live = true;
    fetch('/api/quotes/recent', { cache: 'no-store' }).then(
      () => live && setLoaded(true),
      (error: unknown) => live && setFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [mode]);

  if (broken) throw new Error('The probe broke on purpose');
  if (failure) throw failure;
  if (mode === 'network') return <p>{loaded ? 'The probe loaded its data' : 'The probe is loading…'}</p>;
  return (
    <div>
      <p>The probe is working</p>
      <button type="button" className="btn" onClick={() => setBroken(true)}>
        Break this island
      </button>
    </div>
  );
}

export default withBoundary(ErrorProbe);

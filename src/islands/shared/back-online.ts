// Islands' side of the app-wide back-online event (raised by the offline banner's script,
// src/scripts/app-chrome.ts): what failed for want of a network is tried again once it is back.
import { useEffect, useRef } from 'react';
import { BACK_ONLINE_EVENT } from '../../domain/app-chrome.ts';

/** Calls `retry` each time the connection comes back while `waiting` is true. */
export function useBackOnline(waiting: boolean, retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!waiting) return;
    const onBack = () => latest.current();
    addEventListener(BACK_ONLINE_EVENT, onBack);
    return () => removeEventListener(BACK_ONLINE_EVENT, onBack);
  }, [waiting]);
}

// True once the load named `loadingKey` (null: nothing loading) has lasted longer than the spec's
// 15 s: the page then says 'Loading Taking Longer Than Expected.'
import { useEffect, useState } from 'react';
import { BILLING_TIMING } from '../../domain/billing-rules.ts';

export function useSlow(loadingKey: string | null): boolean {
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (loadingKey === null) return;
    const timer = setTimeout(() => setSlowKey(loadingKey), BILLING_TIMING.slowNoticeMs);
    return () => clearTimeout(timer);
  }, [loadingKey]);
  return loadingKey !== null && slowKey === loadingKey;
}

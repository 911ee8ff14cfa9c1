// The billing page's reads (BILLING_TIMING, a product rule): each answer kept for 5 minutes
// (Refresh reads everything again: refreshBilling), each attempt abandoned after 30 s, a network
// error, timeout or 5xx tried again up to 3 times (0.5 s, 1 s, 2 s apart). A 4xx is final.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { BILLING_TIMING } from '../../domain/billing-rules.ts';
import { read, ReadError } from '../shared/read.ts';

const BILLING_KEY = 'billing';

/** The query of one billing read: the summary, or one page of transactions. */
export function billingQuery<T>(url: string) {
  return queryOptions({
    queryKey: [BILLING_KEY, url],
    queryFn: async ({ signal }) => {
      // One attempt: abandoned after 30 s, or when the query is cancelled.
      const attempt = new AbortController();
      const timer = setTimeout(() => attempt.abort(), BILLING_TIMING.requestTimeoutMs);
      const cancel = () => attempt.abort();
      signal.addEventListener('abort', cancel, { once: true });
      try {
        return await read<T>(url, attempt.signal);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', cancel);
      }
    },
    staleTime: BILLING_TIMING.cacheMs,
    gcTime: BILLING_TIMING.cacheMs,
    retry: (failures, error) =>
      failures < BILLING_TIMING.retries &&
      (!(error instanceof ReadError) || error.status === 0 || error.status >= 500),
    retryDelay: (failures) => 500 * 2 ** failures,
  });
}

/** Refresh: forgets every kept answer and reads again what is on screen. */
export function refreshBilling(client: QueryClient): void {
  client.removeQueries({ queryKey: [BILLING_KEY], type: 'inactive' });
  void client.refetchQueries({ queryKey: [BILLING_KEY], type: 'active' });
}

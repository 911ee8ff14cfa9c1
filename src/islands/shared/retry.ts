// The retry rule for errors that look like the network's (spec 4): up to 3 more tries, after
// min(1000 x 2^n, 10000) ms (1 s, 2 s, 4 s). Anything else fails at once. The error boundary
// follows it for an island whose render failed so (a chunk that did not load); api() (./api.ts)
// for a write. Reads are queries and retry as their query says (./query.tsx).
import { MAX_NETWORK_RETRIES, looksLikeNetworkError, retryDelayMs } from '../../domain/app-chrome.ts';

/**
 * The wait before the next try after `failures` network-looking failures, or null when no retry
 * is due (the error is not the network's, or the 3 retries are spent).
 */
export function nextRetryDelay(error: unknown, failures: number): number | null {
  if (!looksLikeNetworkError(error) || failures > MAX_NETWORK_RETRIES) return null;
  return retryDelayMs(failures - 1);
}

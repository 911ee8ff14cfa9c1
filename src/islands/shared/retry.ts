// The retry rule for errors that look like the network's (spec 4): up to 3 more tries, after
// min(1000 x 2^n, 10000) ms (1 s, 2 s, 4 s). Anything else fails at once.
import { MAX_NETWORK_RETRIES, looksLikeNetworkError, retryDelayMs } from '../../domain/app-chrome.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The wait before the next try after `failures` network-looking failures, or null when no retry
 * is due (the error is not the network's, or the 3 retries are spent).
 */
export function nextRetryDelay(error: unknown, failures: number): number | null {
  if (!looksLikeNetworkError(error) || failures > MAX_NETWORK_RETRIES) return null;
  return retryDelayMs(failures - 1);
}

/** Runs `task`, retrying network-looking failures by the rule above; the last error is thrown. */
export async function withNetworkRetries<T>(task: () => Promise<T>): Promise<T> {
  for (let failures = 0; ;) {
    try {
      return await task();
    } catch (error) {
      failures += 1;
      const delay = nextRetryDelay(error, failures);
      if (delay === null) throw error;
      await sleep(delay);
    }
  }
}

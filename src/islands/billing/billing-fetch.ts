// The billing page's reads: each answer kept for 5 minutes (Refresh empties the cache), each
// attempt abandoned after 30 s, a network error, timeout or 5xx tried again up to 3 times
// (0.5 s, 1 s, 2 s apart). A 4xx is final. Never throws.
import { BILLING_TIMING } from '../../domain/billing-rules.ts';

export interface Loaded<T> {
  ok: boolean;
  status: number;
  body: T | null;
}

const cache = new Map<string, { at: number; body: unknown }>();

export function clearBillingCache(): void {
  cache.clear();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt<T>(url: string): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(BILLING_TIMING.requestTimeoutMs),
    });
    if (!response.ok) return { ok: false, status: response.status, body: null };
    return { ok: true, status: response.status, body: (await response.json()) as T };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

export async function loadBilling<T>(url: string): Promise<Loaded<T>> {
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < BILLING_TIMING.cacheMs)
    return { ok: true, status: 200, body: hit.body as T };
  let answer = await attempt<T>(url);
  for (
    let retry = 0;
    retry < BILLING_TIMING.retries && !answer.ok && (answer.status === 0 || answer.status >= 500);
    retry += 1
  ) {
    await wait(500 * 2 ** retry);
    answer = await attempt<T>(url);
  }
  if (answer.ok) cache.set(url, { at: Date.now(), body: answer.body });
  return answer;
}

// The billing page's reads as queries (src/islands/billing/billing-query.ts) on vitest's fake
// clock, with the product rule's timings (BILLING_TIMING): a network error, timeout or 5xx is tried
// again up to 3 times 0.5, 1 and 2 s apart; a 4xx is final; each attempt is abandoned after 30 s;
// an answer is kept for 5 minutes, and Refresh forgets it.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_TIMING } from '../../src/domain/billing-rules.ts';
import { billingQuery, refreshBilling } from '../../src/islands/billing/billing-query.ts';
import { ReadError } from '../../src/islands/shared/read.ts';

const URL = '/api/contractor/billing/summary';
let start = 0;
/** When each request went out, in ms since the test began. */
let sent: number[] = [];

function serve(answers: ((signal: AbortSignal) => Promise<Response>)[]): void {
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    sent.push(Date.now() - start);
    const next = answers[Math.min(sent.length, answers.length) - 1]!;
    return next(init.signal!);
  });
}
const status =
  (code: number, body: unknown = {}) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status: code }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const hang = (signal: AbortSignal) =>
  new Promise<Response>((_, reject) => {
    signal.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
  sent = [];
  client = new QueryClient();
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const fetchSummary = () =>
  client.query(billingQuery<{ plan: string }>(URL)).then(
    (data) => ({ data, error: null }),
    (error: unknown) => ({ data: null, error }),
  );

describe('billing reads', () => {
  it('try a 5xx again after 0.5, 1 and 2 s, then fail with it', async () => {
    serve([status(503)]);
    const done = fetchSummary();
    await vi.advanceTimersByTimeAsync(10_000);
    const { error } = await done;
    expect(sent).toEqual([0, 500, 1500, 3500]);
    expect(error).toBeInstanceOf(ReadError);
    expect((error as ReadError).status).toBe(503);
  });

  it('take a 4xx as final', async () => {
    serve([status(404, { error: 'Not found' })]);
    const done = fetchSummary();
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await done).error).toMatchObject({ status: 404, message: 'Not found' });
    expect(sent).toEqual([0]);
  });

  it('try a network error again, and take the answer that comes', async () => {
    serve([offline, offline, status(200, { plan: 'featured' })]);
    const done = fetchSummary();
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await done).data).toEqual({ plan: 'featured' });
    expect(sent).toEqual([0, 500, 1500]);
  });

  it('abandon an attempt after 30 s and try again', async () => {
    serve([hang, status(200, { plan: 'basic' })]);
    const done = fetchSummary();
    await vi.advanceTimersByTimeAsync(BILLING_TIMING.requestTimeoutMs - 1);
    expect(sent).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1 + 500);
    expect((await done).data).toEqual({ plan: 'basic' });
    expect(sent).toEqual([0, BILLING_TIMING.requestTimeoutMs + 500]);
  });

  it('keep an answer for 5 minutes; Refresh forgets it', async () => {
    serve([status(200, { plan: 'basic' })]);
    await fetchSummary();
    await vi.advanceTimersByTimeAsync(BILLING_TIMING.cacheMs - 1000);
    await fetchSummary();
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await fetchSummary();
    expect(sent).toHaveLength(2);
    refreshBilling(client);
    await fetchSummary();
    expect(sent).toHaveLength(3);
  });
});

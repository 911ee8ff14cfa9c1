// @vitest-environment jsdom
// The islands' api() (src/islands/shared/api.ts) on vitest's fake clock, with the network played
// by a stand-in for fetch (the browser test in tests/e2e/pwa.spec.ts runs it against the real
// server): a write carries one Idempotency-Key on every try; while the browser believes itself
// online a failed write is tried again after 1, 2 and 4 s and then answered with status 0; while
// offline it waits for the connection, saying so through the waiting event, and leaves no
// listener behind; a repeat told its first try still runs asks again a second later; reads and
// writes that opt out are tried once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITES_WAITING_EVENT } from '../../src/domain/app-chrome.ts';
import { api } from '../../src/islands/shared/api.ts';

interface Sent {
  method: string;
  key: string | null;
}

let sent: Sent[];
/** What the network does with each request, in turn: an answer, or null to fail it. */
let script: ({ status: number; body: unknown } | null)[];
let online: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  script = [];
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({ method: init.method ?? 'GET', key: headers.get('idempotency-key') });
      const next = script.shift();
      if (!next) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(Response.json(next.body, { status: next.status }));
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a write', () => {
  it('carries one key on every try, tried again after 1, 2 and 4 s while online, then status 0', async () => {
    const answer = api('POST', '/api/x', { a: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    for (const [wait, tries] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sent).toHaveLength(tries - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(tries);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(4);
    expect((await answer).status).toBe(0);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('offline, waits for the connection, says so, and goes once it is back with the same key', async () => {
    online = false;
    const waiting: number[] = [];
    const onWaiting = vi.fn();
    addEventListener(WRITES_WAITING_EVENT, (e) => waiting.push((e as CustomEvent<number>).detail));
    const answer = api('PUT', '/api/x', { a: 1 }, { onWaiting });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(waiting).toEqual([1]);
    expect(onWaiting.mock.calls).toEqual([[true]]);

    online = true;
    script.push({ status: 200, body: { ok: true } });
    dispatchEvent(new Event('online'));
    const settled = await answer;
    expect(settled).toEqual({ ok: true, status: 200, body: { ok: true } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(waiting).toEqual([1, -1]);
    expect(onWaiting.mock.calls).toEqual([[true], [false]]);
    // Its listeners are gone: another 'online' sends nothing more.
    dispatchEvent(new Event('online'));
    dispatchEvent(new CustomEvent('app:back-online'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
  });

  it('told its first try still runs, asks again a second later for the first answer', async () => {
    script.push(null, { status: 409, body: { error: 'running', code: 'IN_PROGRESS' } });
    script.push({ status: 201, body: { id: 'x' } });
    const answer = api('POST', '/api/x', { a: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(201);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('answers any other refusal at once', async () => {
    script.push({ status: 409, body: { error: 'taken', code: 'CONFLICT' } });
    const answer = await api('POST', '/api/x', {});
    expect(answer.status).toBe(409);
    expect(sent).toHaveLength(1);
  });

  it('that opts out is tried once, without a key', async () => {
    const answer = await api('POST', '/api/x', {}, { resend: false });
    expect(answer.status).toBe(0);
    expect(sent).toEqual([{ method: 'POST', key: null }]);
  });
});

describe('a read', () => {
  it('is tried once, without a key', async () => {
    const answer = await api('GET', '/api/x');
    expect(answer.status).toBe(0);
    expect(sent).toEqual([{ method: 'GET', key: null }]);
  });
});

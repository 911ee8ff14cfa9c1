// JSON requests from islands to our API: never throws; a network failure is status 0.
//
// Writes (POST, PUT, DELETE) are not lost to a dropped connection: each carries an
// Idempotency-Key, and when the network fails it is sent again with the same key: while the
// browser is offline, once the connection is back (the app's back-online event); while it
// believes itself online (the server unreachable, an answer cut off), up to 3 more times after
// 1, 2 and 4 s. If the first try did reach the server, the server answers the repeat with the
// first answer instead of carrying it out twice (src/server/platform/security/request-keys.ts), or, while
// the first still runs, says so and the repeat asks again a second later. The form
// that called waits meanwhile, with what the visitor typed untouched, and the offline banner says
// the request is kept (WRITES_WAITING_EVENT).
import {
  BACK_ONLINE_EVENT,
  MAX_NETWORK_RETRIES,
  WRITES_WAITING_EVENT,
  retryDelayMs,
} from '../../domain/app-chrome.ts';
import { SECOND_FACTOR_PAGE, SECOND_FACTOR_REQUIRED, secondFactorUrl } from '../../domain/guards.ts';

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T & { error?: string; code?: string; fields?: Record<string, string[]> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiOptions {
  /** A write is sent again when the network fails (default); false: one try, status 0 if it fails. */
  resend?: boolean;
  /** Told when a write starts waiting for the connection (true) and when it goes again (false). */
  onWaiting?: (waiting: boolean) => void;
  /** Abandons the request (a read's query cancelled or timed out): answered as status 0. */
  signal?: AbortSignal;
}

export async function api<T = Record<string, unknown>>(
  method: Method,
  url: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<ApiAnswer<T>> {
  if (method === 'GET' || options.resend === false) return send<T>(method, url, body, null, options.signal);
  const key = crypto.randomUUID();
  let failures = 0;
  let running = 0;
  for (;;) {
    const answer = await send<T>(method, url, body, key);
    if (answer.status === 409 && answer.body.code === 'IN_PROGRESS' && running < MAX_IN_PROGRESS_WAITS) {
      // The first try did arrive and still runs: its answer is what this one will get back.
      running += 1;
      await sleep(IN_PROGRESS_WAIT_MS);
      continue;
    }
    if (answer.status !== 0) return answer;
    if (navigator.onLine) {
      if (failures >= MAX_NETWORK_RETRIES) return answer;
      await sleep(retryDelayMs(failures));
      failures += 1;
    } else {
      options.onWaiting?.(true);
      dispatchEvent(new CustomEvent(WRITES_WAITING_EVENT, { detail: 1 }));
      await backOnline();
      dispatchEvent(new CustomEvent(WRITES_WAITING_EVENT, { detail: -1 }));
      options.onWaiting?.(false);
      failures = 0;
    }
  }
}

/** A repeat that finds its first try still running asks again every second, for half a minute. */
const IN_PROGRESS_WAIT_MS = 1000;
const MAX_IN_PROGRESS_WAITS = 30;

async function send<T>(
  method: Method,
  url: string,
  body: unknown,
  key: string | null,
  signal?: AbortSignal,
): Promise<ApiAnswer<T>> {
  try {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key !== null) headers['idempotency-key'] = key;
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
    const parsed = (await response.json().catch(() => ({}))) as ApiAnswer<T>['body'];
    // Abandoned while the body was on its way: no answer, as when the network fails.
    if (signal?.aborted) return { ok: false, status: 0, body: {} as ApiAnswer<T>['body'] };
    if (response.status === 403 && parsed.code === SECOND_FACTOR_REQUIRED) toSecondFactor();
    return { ok: response.ok, status: response.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: {} as ApiAnswer<T>['body'] };
  }
}

/**
 * An admin API (or a change to the second factor) answered that this session needs a second
 * factor (src/domain/guards.ts): set it up or confirm it, then come back to this page.
 */
function toSecondFactor(): void {
  if (location.pathname === SECOND_FACTOR_PAGE) return;
  const here = location.pathname + location.search;
  window.location.assign(secondFactorUrl(here));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when the connection is back: the banner's event, or the browser's own 'online'. */
function backOnline(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      removeEventListener(BACK_ONLINE_EVENT, done);
      removeEventListener('online', done);
      resolve();
    };
    addEventListener(BACK_ONLINE_EVENT, done);
    addEventListener('online', done);
  });
}

export const UNEXPECTED = 'An unexpected error occurred. Please try again.';

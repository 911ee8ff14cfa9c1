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
  return withRetries(() => send<T>(method, url, body, key), { onWaiting: options.onWaiting });
}

/**
 * Tries a keyed write (`attempt`, which sends it with the same key each time) until it is
 * answered: a first try still running is asked again every second; a network failure is tried
 * again after 1, 2 and 4 s while the browser believes itself online, and once the connection is
 * back while it does not. `signal` (an upload's Cancel) ends every wait at once.
 */
async function withRetries<T>(
  attempt: () => Promise<ApiAnswer<T>>,
  {
    onWaiting,
    signal,
  }: { onWaiting?: ApiOptions['onWaiting'] | undefined; signal?: AbortSignal | undefined },
): Promise<ApiAnswer<T>> {
  let failures = 0;
  let running = 0;
  for (;;) {
    const answer = await attempt();
    if (signal?.aborted) return answer;
    if (answer.status === 409 && answer.body.code === 'IN_PROGRESS' && running < MAX_IN_PROGRESS_WAITS) {
      // The first try did arrive and still runs: its answer is what this one will get back.
      running += 1;
      await pause(IN_PROGRESS_WAIT_MS, signal);
      continue;
    }
    if (answer.status !== 0) return answer;
    if (navigator.onLine) {
      if (failures >= MAX_NETWORK_RETRIES) return answer;
      await pause(retryDelayMs(failures), signal);
      failures += 1;
    } else {
      onWaiting?.(true);
      dispatchEvent(new CustomEvent(WRITES_WAITING_EVENT, { detail: 1 }));
      await backOnline(signal);
      dispatchEvent(new CustomEvent(WRITES_WAITING_EVENT, { detail: -1 }));
      onWaiting?.(false);
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

export const UNEXPECTED = 'An unexpected error occurred. Please try again.';

// Uploads: a FormData sent through XMLHttpRequest, since fetch cannot tell how much of a body has
// gone up. Otherwise a write like any other through api(): one Idempotency-Key on every try (the
// server keeps the first try's answer, so a file sent twice is stored once), sent again when the
// network fails, and answered in the same shape (never throws; a network failure is status 0).

export interface UploadOptions extends ApiOptions {
  /** Told how much of the body has gone up, 0 to 100; from 0 again when it is sent again. */
  onProgress?: (percent: number) => void;
  /** Stops the upload, and any wait to send it again: answered at once with status 0. */
  signal?: AbortSignal;
}

/** POSTs `form` to `url`, reporting its progress; tried again like api()'s writes. */
export async function upload<T = Record<string, unknown>>(
  url: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<ApiAnswer<T>> {
  if (options.resend === false) return sendForm<T>(url, form, null, options);
  const key = crypto.randomUUID();
  return withRetries(() => sendForm<T>(url, form, key, options), options);
}

function sendForm<T>(
  url: string,
  form: FormData,
  key: string | null,
  { onProgress, signal }: UploadOptions,
): Promise<ApiAnswer<T>> {
  const failed: ApiAnswer<T> = { ok: false, status: 0, body: {} as ApiAnswer<T>['body'] };
  if (signal?.aborted) return Promise.resolve(failed);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (answer: ApiAnswer<T>) => {
      signal?.removeEventListener('abort', abort);
      resolve(answer);
    };
    xhr.open('POST', url);
    if (key !== null) xhr.setRequestHeader('idempotency-key', key);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.round((e.loaded / e.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = parsedBody<T>(xhr.responseText);
      if (xhr.status === 403 && body.code === SECOND_FACTOR_REQUIRED) toSecondFactor();
      settle({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, body });
    });
    for (const end of ['error', 'abort', 'timeout'] as const) xhr.addEventListener(end, () => settle(failed));
    signal?.addEventListener('abort', abort);
    onProgress?.(0);
    xhr.send(form);
  });
}

/** An answer's JSON object, or {} for anything else (as api() reads a body that is not JSON). */
function parsedBody<T>(text: string): ApiAnswer<T>['body'] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed as ApiAnswer<T>['body'];
  } catch {
    // Not JSON: an empty body, a proxy's page.
  }
  return {} as ApiAnswer<T>['body'];
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/** Resolves when the connection is back (the banner's event, or the browser's own 'online'), or
 * sooner if `signal` aborts; no listener is left behind either way. */
function backOnline(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      removeEventListener(BACK_ONLINE_EVENT, done);
      removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    addEventListener(BACK_ONLINE_EVENT, done);
    addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

// The server's one logger: pino, one JSON line an event on stderr ({"level":"error","time":...,
// "requestId":...,"msg":...,"err":{...}}), written at once (a process killed a moment later still
// leaves its last lines). route() runs each request's handler inside withRequestId(), so every
// line a use-case logs while serving it carries that request's id: the same id a 500's answer and
// its x-request-id header name. Work outside a request (a job, the outbox) logs without one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

/** The request being served; its child logger is made when it first logs (most never do). */
const request = new AsyncLocalStorage<{ requestId: string; logger?: Logger }>();

const root: Logger = pino(
  {
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  pino.destination({ dest: 2, sync: true }),
);

/** The logger of this moment: the request's (with its id) inside one, else the process's. */
export function log(): Logger {
  const store = request.getStore();
  if (!store) return root;
  store.logger ??= root.child({ requestId: store.requestId });
  return store.logger;
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return request.getStore()?.requestId;
}

/**
 * Runs `work` outside the request being served: a loop or timer a request starts (the mail and
 * alert senders, the job drains, the publish debounce) then serves everyone, and its lines must
 * not carry the id of the request that happened to start it.
 */
export function outsideRequest<T>(work: () => T): T {
  return request.exit(work);
}

/** Runs `work` with `requestId` on every line logged while it runs, awaited work included. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return request.run({ requestId }, work);
}

// Work a request starts and does not wait for (search analytics): logged if it fails, never
// failing the answer. Kept in one set so a test can wait until it has landed (the API fuzzing
// attributes each write to the request that caused it) and a server could drain it on shutdown.
import { log } from './log.ts';

const pending = new Set<Promise<void>>();

export function inBackground(work: Promise<unknown>, what: string): void {
  const running: Promise<void> = work
    .then(() => undefined)
    .catch((error: unknown) => {
      log().error({ err: error }, what);
    })
    .finally(() => {
      pending.delete(running);
    });
  pending.add(running);
}

/** Resolves once every background work started so far (and any it started) has finished. */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

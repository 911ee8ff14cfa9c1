// The jobs area's own rules: how often the in-process runner polls, how many jobs it runs at once,
// and how long it waits at start and stop.

/** How often the runner looks for due jobs (retries, jobs another process queued). */
export const QUEUE_POLL_MS = 2_000;

/**
 * Drains run side by side, each taking batches of 5 jobs: up to 20 sales at once in a process,
 * each mostly waiting on the gateway. One lane of 5 fell behind the load bench's confirmations
 * (110 of 600 sold within its 30 s).
 */
export const RUNNER_LANES = 4;

/** The scheduled jobs' first runs begin this long after the runner starts. */
export const FIRST_RUN_MS = 30_000;

/** How long a stopping server waits for the jobs it is running. */
export const STOP_WAIT_MS = 10_000;

// The queue a confirmed request's sale runs on (jobs/queue.ts, jobs/registry.ts).
import type { QueueSpec } from './queue.ts';

/**
 * A run that fails (ours, the database) is retried 5 times, 10 s doubling; a run taking over 5
 * minutes (its worker died) is given to another worker by pg-boss's upkeep. A gateway that fails
 * does not fail the job: the sale keeps what it did and the sweeper (resume-unfinished-leads.ts)
 * settles the rest with the same keys, as it finishes any sale the queue gave up on. Every charge
 * is keyed by its distribution row, so a rerun charges nobody twice.
 */
export const SALE_QUEUE: QueueSpec = {
  name: 'sell-lead',
  retryLimit: 5,
  retryDelay: 10,
  expireInSeconds: 300,
};

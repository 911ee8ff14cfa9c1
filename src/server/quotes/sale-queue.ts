// The queue a confirmed request's sale runs on (jobs/queue.ts, jobs/registry.ts).
import type { QueueSpec } from '../jobs/queue.ts';

/**
 * Retried 5 times, 10 s doubling (a gateway outage of a few minutes), a run taking over 5 minutes
 * given to another worker; the sweeper (resume-unfinished-leads.ts) still finishes any sale the
 * queue gave up on. Every charge is keyed by its distribution row, so a rerun charges nobody twice.
 */
export const SALE_QUEUE: QueueSpec = {
  name: 'sell-lead',
  retryLimit: 5,
  retryDelay: 10,
  expireInSeconds: 300,
};

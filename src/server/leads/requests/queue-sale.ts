// A confirmed request's sale as a job: queued in the transaction that made the request sellable
// (its phone proven, its e-mail link followed), so it exists exactly when that change does, and
// run by whichever worker takes it (jobs/runner.ts, Netlify's run-jobs functions). The homeowner
// is answered at once and their page follows the sale (quote-outcome.ts: "selling").
import type { Sql, TransactionSql } from '../../platform/db/client.ts';
import { drainQueue, queueJob, type DrainResult } from '../../platform/queue/queue.ts';
import { sellForHomeowner } from './process-lead.ts';
import { SALE_QUEUE } from '../../platform/queue/sale-queue.ts';
import type { SaleResult, SubmitOptions } from './types.ts';

/** Queues the lead's sale in `tx`; one job per lead waits at a time. */
export async function queueSale(tx: TransactionSql, leadId: string): Promise<void> {
  await queueJob(tx, SALE_QUEUE, { leadId }, leadId);
}

/**
 * The job: sells the lead. A run the gateway cut short keeps what it did and leaves its unsettled
 * charges to the sweeper, with the same idempotency keys (sellForHomeowner); any other error (ours,
 * a database that cannot be reached) fails the job, and the queue retries it.
 */
export async function sellQueuedLead(
  sql: Sql,
  data: Record<string, string>,
  options: SubmitOptions,
): Promise<SaleResult> {
  const leadId = data['leadId'];
  if (!leadId) throw new Error('sell-lead job without a leadId');
  return sellForHomeowner(sql, leadId, options);
}

/** Runs every due sale job with `options` (the registry's worker; the demo seed's sales). */
export async function runQueuedSales(
  sql: Sql,
  options: SubmitOptions,
  until?: number,
  stop?: () => boolean,
): Promise<DrainResult> {
  return drainQueue(sql, SALE_QUEUE, (data) => sellQueuedLead(sql, data, options), {
    ...(until === undefined ? {} : { until }),
    ...(stop ? { stop } : {}),
  });
}

// The sale of a confirmed request is a job (src/server/leads/requests/queue-sale.ts). Tests of the
// pipeline's rules run it as a worker would, with their own gateway (and crash points): the due
// sale jobs drained through the queue, and a sale whose job failed and waits for its retry run
// again as that retry would. Errors a job threw surface here, after the drain.
import type { Sql } from '../../src/server/platform/db/client.ts';
import { drainQueue } from '../../src/server/platform/queue/queue.ts';
import { processLead } from '../../src/server/leads/requests/process-lead.ts';
import { quoteOutcome } from '../../src/server/leads/requests/quote-outcome.ts';
import { sellQueuedLead } from '../../src/server/leads/requests/queue-sale.ts';
import { SALE_QUEUE } from '../../src/server/platform/queue/sale-queue.ts';
import type { SubmitOptions, SubmitResult } from '../../src/server/leads/requests/types.ts';

/** Runs every due sale job with `options`; rethrows the first job's error once all have run. */
export async function runSaleJobs(sql: Sql, options: SubmitOptions): Promise<number> {
  const errors: unknown[] = [];
  const { done } = await drainQueue(sql, SALE_QUEUE, async (data) => {
    try {
      return await sellQueuedLead(sql, data, options);
    } catch (error) {
      errors.push(error);
      throw error;
    }
  });
  if (errors.length) throw errors[0];
  return done;
}

/**
 * The homeowner's answer once the sale has run: the queued jobs drained; a sale still under way
 * (its job failed before and waits for its retry, or another drain is running it) run now as the
 * retry would. A sale under way with no job of its own fails: nothing queued it.
 */
export async function afterSale(
  sql: Sql,
  result: SubmitResult,
  options: SubmitOptions,
): Promise<SubmitResult> {
  if (!result.selling) return result;
  await runSaleJobs(sql, options);
  let now = await quoteOutcome(sql, result.leadId);
  if (now.selling) {
    const [job] = await sql<{ state: string }[]>`
      select state::text from pgboss.job
       where name = 'sell-lead' and data->>'leadId' = ${result.leadId} and state in ('created', 'retry', 'active')`;
    if (!job)
      throw new Error(`lead ${result.leadId} is being sold, but no sale job of its own waits or runs`);
    await processLead(sql, result.leadId, options);
    now = await quoteOutcome(sql, result.leadId);
  }
  return now;
}

// Every scheduled job of the registry once, in its order (the queue first, then the sweepers, the
// outcome questions before the mail, the expiries): for a test that plays the schedule, or a
// manual run. Servers run each job on its own schedule (runner.ts, netlify/functions).
import type { Sql } from '../platform/db/client.ts';
import { SCHEDULED_JOBS, type JobContext } from './registry.ts';

export async function housekeeping(
  sql: Sql,
  deps: Omit<JobContext, 'sql'>,
): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const job of SCHEDULED_JOBS) Object.assign(results, await job.run({ ...deps, sql }));
  return results;
}

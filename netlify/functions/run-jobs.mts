// Scheduled on Netlify (* * * * *): the registry's "run-jobs" job (src/server/jobs/registry.ts).
// The queue's backstop: sales a lost kick left, retries come due, pg-boss's upkeep.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('run-jobs', db());
};

export const config: Config = { schedule: '* * * * *' };

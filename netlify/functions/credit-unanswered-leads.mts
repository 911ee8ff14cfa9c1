// Scheduled on Netlify (@hourly): the registry's "credit-unanswered-leads" job (src/server/jobs/registry.ts).
// Credits leads no contractor answered in time.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('credit-unanswered-leads', db());
};

export const config: Config = { schedule: '@hourly' };

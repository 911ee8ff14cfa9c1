// Scheduled on Netlify (@hourly): the registry's "ask-outcomes" job (src/server/jobs/registry.ts).
// Asks homeowners what happened with their requests.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('ask-outcomes', db());
};

export const config: Config = { schedule: '@hourly' };

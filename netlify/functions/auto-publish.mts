// Scheduled on Netlify (* * * * *): the registry's "auto-publish" job (src/server/jobs/registry.ts).
// The automatic publish once its debounce has passed (a function keeps no timer).
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('auto-publish', db());
};

export const config: Config = { schedule: '* * * * *' };

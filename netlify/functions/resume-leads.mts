// Scheduled on Netlify (*/5 * * * *): the registry's "resume-leads" job (src/server/jobs/registry.ts).
// Sales and refunds a run left part-way (a crash between a charge and its record, a gateway outage).
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('resume-leads', db());
};

export const config: Config = { schedule: '*/5 * * * *' };

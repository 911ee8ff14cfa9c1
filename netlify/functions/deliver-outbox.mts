// Scheduled on Netlify (* * * * *): the registry's "deliver-outbox" job (src/server/jobs/registry.ts).
// Mail a relay outage held, then alerts push services or the SMS provider could not take yet.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('deliver-outbox', db());
};

export const config: Config = { schedule: '* * * * *' };

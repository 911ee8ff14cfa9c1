// Scheduled on Netlify (@hourly): the registry's "expire-tokens" job (src/server/jobs/registry.ts).
// Purges spent tokens, sessions, codes, marks and old search rows.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('expire-tokens', db());
};

export const config: Config = { schedule: '@hourly' };

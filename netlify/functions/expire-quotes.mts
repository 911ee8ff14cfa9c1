// Scheduled on Netlify (@hourly): the registry's "expire-quotes" job (src/server/jobs/registry.ts).
// Expires unconfirmed quote requests and their photos; purges spent proofs of work.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/platform/db/client.ts';
import { runScheduledJob } from '../../src/server/jobs/index.ts';

export default async (): Promise<void> => {
  await runScheduledJob('expire-quotes', db());
};

export const config: Config = { schedule: '@hourly' };

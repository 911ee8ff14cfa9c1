// Scheduled on Netlify: the automatic publish after an approval. Our Node server waits a debounce
// after the last approval with a timer; a function cannot keep one, so every minute this publishes
// when an approval waits and the latest one is a debounce old (src/server/publish/publisher.ts).
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/client.ts';
import { publishIfDue, publisher } from '../../src/server/publish/publisher.ts';

export default async (): Promise<void> => {
  const run = await publishIfDue(db(), publisher());
  if (run) console.log(`automatic publish: run ${run.id}`);
};

export const config: Config = { schedule: '* * * * *' };

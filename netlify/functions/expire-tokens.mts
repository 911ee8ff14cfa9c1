// Scheduled on Netlify: removes expired sessions, spent tokens, old rate-limit windows, expired
// trusted devices and past days' article view marks hourly.
import type { Config } from '@netlify/functions';
import { purgeExpired } from '../../src/server/auth/cleanup.ts';
import { db } from '../../src/server/db/client.ts';

export default async (): Promise<void> => {
  console.log('purged', await purgeExpired(db()));
};

export const config: Config = { schedule: '@hourly' };

// Scheduled on Netlify: removes expired sessions, spent tokens, old rate-limit windows, expired
// trusted devices, past days' article view marks and request keys past a day, hourly.
import type { Config } from '@netlify/functions';
import { purgeExpired } from '../../src/server/auth/cleanup.ts';
import { db } from '../../src/server/db/client.ts';

export default async (): Promise<void> => {
  console.log('purged', await purgeExpired(db()));
};

export const config: Config = { schedule: '@hourly' };

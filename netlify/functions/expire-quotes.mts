// Scheduled on Netlify: quote requests nobody confirmed within 48 hours expire and their photos
// (and uploads no request kept) are deleted; spent proof-of-work solutions are forgotten. Hourly.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/client.ts';
import { expireUnconfirmedQuotes } from '../../src/server/quotes/expire-unconfirmed-quotes.ts';
import { purgeSpentProofs } from '../../src/server/quotes/proof-of-work.ts';
import { uploadStore } from '../../src/server/storage/uploads.ts';

export default async (): Promise<void> => {
  const result = await expireUnconfirmedQuotes(db(), uploadStore());
  console.log('expired quotes', { ...result, spentProofs: await purgeSpentProofs(db()) });
};

export const config: Config = { schedule: '@hourly' };

// Scheduled on Netlify: delivers the mail outbox every minute (requests also start a delivery
// after writing mail; this catches what they left and retries failures).
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/client.ts';
import { deliverPendingMail } from '../../src/server/mail/sender.ts';

export default async (): Promise<void> => {
  while ((await deliverPendingMail(db())) > 0) {
    // until nothing is due
  }
};

export const config: Config = { schedule: '* * * * *' };

// Scheduled on Netlify: asks homeowners once what happened with a request whose contractors
// responded and then went quiet for 48 hours (issue 27: outcomes told). Hourly.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/client.ts';
import { askForOutcomes } from '../../src/server/leads/lead-outcome.ts';
import { deliverPendingMail } from '../../src/server/mail/sender.ts';

export default async (): Promise<void> => {
  const asked = await askForOutcomes(db());
  if (asked > 0) await deliverPendingMail(db());
  console.log('asked for outcomes', { asked });
};

export const config: Config = { schedule: '@hourly' };

// Scheduled on Netlify: finishes quote requests whose run stopped part-way (a crash or timeout
// between a charge and its record, a gateway outage), every five minutes.
import type { Config } from '@netlify/functions';
import { db } from '../../src/server/db/client.ts';
import { paymentGateway } from '../../src/server/payments/index.ts';
import { resumeUnfinishedLeads } from '../../src/server/quotes/resume-unfinished-leads.ts';

export default async (): Promise<void> => {
  const results = await resumeUnfinishedLeads(db(), { gateway: paymentGateway(db()) });
  if (results.length) console.log(`resumed ${results.length} lead(s)`);
};

export const config: Config = { schedule: '*/5 * * * *' };

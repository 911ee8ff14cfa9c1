// Scheduled on Netlify: finishes quote requests whose run stopped part-way (a crash or timeout
// between a charge and its record, a gateway outage), and credits whose refund did not finish,
// every five minutes.
import type { Config } from '@netlify/functions';
import { resumeRefundingCredits } from '../../src/server/credits/settle-credit.ts';
import { db } from '../../src/server/db/client.ts';
import { paymentGateway } from '../../src/server/payments/index.ts';
import { resumeUnfinishedLeads } from '../../src/server/quotes/resume-unfinished-leads.ts';

export default async (): Promise<void> => {
  const results = await resumeUnfinishedLeads(db(), { gateway: paymentGateway(db()) });
  if (results.length) console.log(`resumed ${results.length} lead(s)`);
  const credits = await resumeRefundingCredits(db(), paymentGateway(db()));
  if (credits) console.log(`resumed ${credits} credit refund(s)`);
};

export const config: Config = { schedule: '*/5 * * * *' };

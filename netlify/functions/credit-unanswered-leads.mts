// Scheduled on Netlify: paid leads answered within 4 hours of their charge whose homeowner did not
// open the responses within 48 hours of the answer are credited back to the contractor. Hourly.
import type { Config } from '@netlify/functions';
import { creditUnansweredLeads } from '../../src/server/credits/credit-unanswered-leads.ts';
import { db } from '../../src/server/db/client.ts';
import { paymentGateway } from '../../src/server/payments/index.ts';

export default async (): Promise<void> => {
  console.log('unanswered leads credited', await creditUnansweredLeads(db(), paymentGateway(db())));
};

export const config: Config = { schedule: '@hourly' };

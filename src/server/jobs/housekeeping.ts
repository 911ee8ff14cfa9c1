// The scheduled jobs in one call, for a server that has no scheduler of its own (npm start): on
// Netlify each runs as its own scheduled function (netlify/functions). Every job is safe to run
// at any time and again.
import { purgeExpired } from '../auth/cleanup.ts';
import { resumeRefundingCredits } from '../credits/settle-credit.ts';
import type { Sql } from '../db/client.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { expireUnconfirmedQuotes } from '../quotes/expire-unconfirmed-quotes.ts';
import { purgeSpentProofs } from '../quotes/proof-of-work.ts';
import { resumeUnfinishedLeads } from '../quotes/resume-unfinished-leads.ts';
import type { UploadStore } from '../storage/uploads.ts';

export async function housekeeping(
  sql: Sql,
  deps: { gateway: PaymentGateway; store: UploadStore },
): Promise<Record<string, unknown>> {
  const resumed = await resumeUnfinishedLeads(sql, { gateway: deps.gateway });
  const credits = await resumeRefundingCredits(sql, deps.gateway);
  const quotes = await expireUnconfirmedQuotes(sql, deps.store);
  const proofs = await purgeSpentProofs(sql);
  const identity = await purgeExpired(sql);
  return {
    resumedLeads: resumed.length,
    resumedCredits: credits,
    ...quotes,
    spentProofs: proofs,
    ...identity,
  };
}

// The scheduled jobs in one call (finish unfinished leads, ask homeowners what happened, deliver waiting mail and alerts, credit unanswered
// leads, expire requests, purge spent tokens, old search marks and geocodes), for a server that has no scheduler of its own (npm start): on Netlify each
// runs as its own scheduled function (netlify/functions). Every job is safe to run at any time and
// again.
import { purgeExpired } from '../auth/cleanup.ts';
import { creditUnansweredLeads } from '../credits/credit-unanswered-leads.ts';
import { resumeRefundingCredits } from '../credits/settle-credit.ts';
import type { Transporter } from 'nodemailer';
import type { Sql } from '../db/client.ts';
import { deliverPendingMail } from '../mail/sender.ts';
import { drainAlerts, type AlertPorts } from '../alerts/deliver-alerts.ts';
import { alertPorts } from '../alerts/index.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { askForOutcomes } from '../leads/lead-outcome.ts';
import { expireUnconfirmedQuotes } from '../quotes/expire-unconfirmed-quotes.ts';
import { purgeSpentProofs } from '../quotes/proof-of-work.ts';
import { resumeUnfinishedLeads } from '../quotes/resume-unfinished-leads.ts';
import { purgeSearchMarks } from '../search/purge-search-marks.ts';
import type { UploadStore } from '../storage/uploads.ts';

export async function housekeeping(
  sql: Sql,
  deps: {
    gateway: PaymentGateway;
    store: UploadStore;
    mailTransport?: Transporter | null;
    alerts?: AlertPorts;
  },
): Promise<Record<string, unknown>> {
  const resumed = await resumeUnfinishedLeads(sql, { gateway: deps.gateway });
  // Before the mail: the question about a request's outcome goes out in this round.
  const outcomesAsked = await askForOutcomes(sql);
  // Mail whose delivery failed (the relay was down) is retried here too, as Netlify's every-minute
  // function does: otherwise it waited for the next request that wrote mail.
  const mail = deps.mailTransport === undefined ? {} : { transport: deps.mailTransport };
  let mails = 0;
  for (;;) {
    const delivered = await deliverPendingMail(sql, mail);
    if (!delivered) break;
    mails += delivered;
  }
  // Alerts a push service or the SMS provider could not take yet (5xx, 429, no answer), and those
  // quiet hours held. On its own: a port that cannot be built stops none of the jobs after it.
  let alerts = 0;
  try {
    alerts = await drainAlerts(sql, deps.alerts ?? alertPorts(sql));
  } catch (error) {
    console.error('alert delivery failed; it runs again with the next housekeeping', error);
  }
  const credits = await resumeRefundingCredits(sql, deps.gateway);
  const unanswered = await creditUnansweredLeads(sql, deps.gateway);
  const quotes = await expireUnconfirmedQuotes(sql, deps.store);
  const proofs = await purgeSpentProofs(sql);
  const identity = await purgeExpired(sql);
  const search = await purgeSearchMarks(sql);
  return {
    resumedLeads: resumed.length,
    outcomesAsked,
    mailsDelivered: mails,
    alertsDelivered: alerts,
    resumedCredits: credits,
    unansweredCredits: unanswered,
    ...quotes,
    spentProofs: proofs,
    ...identity,
    ...search,
  };
}

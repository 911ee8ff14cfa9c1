// POST /api/contractor/leads/:distributionId/responses {subject, message, quote?}: a response
// to one of the caller's paid leads, its quote totalled on the server in cents, mailed to the
// homeowner with a private link (and pushed where they turned notifications on).
import { ZLeadResponse } from '~/schemas/lead-response';
import { requireActiveBusiness } from '~/server/accounts';
import { respondToLead, alertPorts, kickAlertSender } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';
import { knownVisitorSignals, recordAccountSignals } from '~/server/platform/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZLeadResponse }, async ({ user, body, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const result = await respondToLead(db(), business, context.params['id'] ?? '', body);
  kickMailSender(db());
  kickAlertSender(db(), alertPorts);
  // Where the account works its leads: a review sharing its network or browser waits for moderation.
  const visitor = knownVisitorSignals(context);
  if (visitor) await recordAccountSignals(db(), user.id, visitor);
  return Response.json(result, { status: 201 });
});

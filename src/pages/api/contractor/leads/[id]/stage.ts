// POST /api/contractor/leads/:distributionId/stage {stage}: moves one of the caller's leads
// (409 with the reason for a move the stage table refuses; 404 for another business's lead).
import { ZStageChange } from '~/schemas/lead-response';
import { requireActiveBusiness } from '~/server/accounts';
import { changeLeadStage } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';
import { knownVisitorSignals, recordAccountSignals } from '~/server/platform/security/visitor';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZStageChange }, async ({ user, body, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const result = await changeLeadStage(db(), business, context.params['id'] ?? '', body.stage);
  if (result.reviewMailed) kickMailSender(db());
  // Where the account works its leads: a review sharing its network or browser waits for moderation.
  const visitor = knownVisitorSignals(context);
  if (visitor) await recordAccountSignals(db(), user.id, visitor);
  return Response.json(result);
});

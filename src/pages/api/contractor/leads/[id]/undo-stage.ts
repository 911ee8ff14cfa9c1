// POST /api/contractor/leads/:distributionId/undo-stage {from, to}: takes back the stage move
// just made on one of the caller's leads (from: the stage it is in now, to: the one it came from),
// within the undo window; 409 when that is no longer the move just made or the window has passed.
import { ZStageUndo } from '~/schemas/lead-response';
import { requireActiveBusiness } from '~/server/accounts';
import { undoLeadStage } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZStageUndo }, async ({ user, body, context }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json(await undoLeadStage(db(), business, context.params['id'] ?? '', body));
});

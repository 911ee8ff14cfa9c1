// POST /api/admin/claims/:id/approve {unconfirmed?}: approves a pending listing claim through
// confirmClaim (the claimant becomes the listing's owner from now on, inheriting none of its
// history, cards or plan; audited). A claim nobody confirmed by a code is refused unless the
// body says `unconfirmed: true`, the admin's explicit second confirmation.
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { ZClaimApproval } from '~/schemas/claim-proof';
import { confirmClaim } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZClaimApproval }, async ({ context, user, body }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const result = await confirmClaim(db(), paymentGateway(db()), { id: user.id }, id, body);
  kickMailSender(db());
  return Response.json({ ok: true, warning: result.warning });
});

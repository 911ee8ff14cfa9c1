// POST /api/admin/payments/credits/:id/decline {reason}: declines a disputed lead's credit, audited,
// the contractor mailed with the reason in the same transaction.
import { ZCreditDecision } from '~/schemas/admin-payments';
import { declineCredit } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZCreditDecision }, async ({ context, user, body }) => {
  const credit = await declineCredit(db(), { id: user.id }, context.params['id'] ?? '', body.reason);
  kickMailSender(db());
  return Response.json({ credit });
});

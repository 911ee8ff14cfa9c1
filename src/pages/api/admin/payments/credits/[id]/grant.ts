// POST /api/admin/payments/credits/:id/grant {reason}: grants a disputed lead's credit: refunded
// through the gateway with the credit's idempotency key (a repeated grant refunds nothing twice),
// audited, the contractor mailed with the reason.
import { ZCreditDecision } from '~/schemas/admin-payments';
import { grantCredit } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZCreditDecision }, async ({ context, user, body }) => {
  const credit = await grantCredit(
    db(),
    paymentGateway(db()),
    { id: user.id },
    context.params['id'] ?? '',
    body.reason,
  );
  kickMailSender(db());
  return Response.json({ credit });
});

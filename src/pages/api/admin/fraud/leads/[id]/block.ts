// POST /api/admin/fraud/leads/:id/block {reason}: refuses a held request or, for a sold one,
// refunds every buyer ('fraud', each once through the gateway, mailed); blocks its phone, e-mail and
// device; audited. 409 for a request in neither list; a repeat answers the request as it stands.
import { ZFraudBlock } from '~/schemas/admin-fraud';
import { db } from '~/server/platform/db/client';
import { blockLead } from '~/server/leads';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZFraudBlock }, async ({ context, user, body }) => {
  const decision = await blockLead(
    db(),
    paymentGateway(db()),
    { id: user.id },
    context.params['id'] ?? '',
    body.reason,
  );
  if (decision.refunded) kickMailSender(db());
  return Response.json(decision);
});

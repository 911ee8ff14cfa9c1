// POST /api/admin/fraud/leads/:id/release: sells a held request through the pipeline (its
// contractors charged and mailed), or releases the contact details blocked for a reported one;
// audited. 409 for a request in neither list; a repeat answers the request as it stands.
import { ZNoBody } from '~/schemas/admin';
import { db } from '~/server/platform/db/client';
import { releaseLead } from '~/server/leads';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZNoBody }, async ({ context, user }) => {
  const decision = await releaseLead(
    db(),
    { gateway: paymentGateway(db()) },
    { id: user.id },
    context.params['id'] ?? '',
  );
  if (decision.sold) kickMailSender(db());
  return Response.json(decision);
});

// POST /api/admin/leads/:id/resend {requestKey}: sends the lead to the next matching pro that has
// not received it, through the pipeline's matching and charging (audited 'lead.resend'). The same
// requestKey again (a double click, a retry) continues or answers the first request: one charge.
// 409 with the reason when there is no next pro (nothing changes).
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { ZLeadResend } from '~/schemas/admin-leads';
import { resendLead } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { kickMailSender } from '~/server/platform/mail/sender';
import { paymentGateway } from '~/server/money';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZLeadResend }, async ({ context, user, body }) => {
  const id = z.safeParse(ZRecordId, context.params.id);
  if (!id.success) throw new AppError('NOT_FOUND', 'Lead not found');
  const result = await resendLead(db(), { id: user.id }, id.data, body, { gateway: paymentGateway(db()) });
  kickMailSender(db());
  return Response.json(result);
});

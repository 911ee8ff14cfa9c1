// POST /api/contractor/leads/:distributionId/messages, multipart {body, file?}: a message to the
// homeowner on one of the caller's bought leads (issue 25), mailed to them without either side's
// address. 201 {id, createdAt}; 404 for a lead that is not the business's (or not bought, or from
// before its owner had the listing); 400 for the text, 415/413 for the photo, 429 past the limits.
import { requireActiveBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { boughtLeadOf, messageOfForm, postContractorMessage } from '~/server/leads';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';
import { uploadStore } from '~/server/platform/storage/uploads';
import { readUploadForm } from '~/server/platform/uploads/read-photo-form';

export const prerender = false;

export const POST = route({ auth: 'contractor' }, async ({ user, context, once }) => {
  const business = await requireActiveBusiness(db(), user.id);
  const id = context.params['id'] ?? '';
  // Another's lead is not found before its body is read.
  await boughtLeadOf(db(), business.id, id);
  const form = await readUploadForm(context.request);
  return once(form, async () => {
    const meta = { ip: requestMeta(context).ip };
    const input = await messageOfForm(form);
    const posted = await postContractorMessage(db(), uploadStore(), business.id, id, input, meta);
    kickMailSender(db());
    return Response.json({ id: posted.id, createdAt: posted.createdAt.toISOString() }, { status: 201 });
  });
});

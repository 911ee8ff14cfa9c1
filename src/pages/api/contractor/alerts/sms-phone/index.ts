// POST /api/contractor/alerts/sms-phone {phone}: texts a code to a US mobile number to confirm it
// for text alerts ({pendingPhone, message}); a number that cannot take texts is a 409, too many
// codes (for the account, the number or the client's address) a 429. DELETE: the number is forgotten and texts are off for every kind (the settings).
import { ZSmsPhone } from '~/schemas/alerts';
import { removeSmsPhone, sendSmsPhoneCode } from '~/server/leads';
import { requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { smsPort } from '~/server/platform/sms/index';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZSmsPhone }, async ({ context, user, body }) => {
  await requireOwnedBusiness(db(), user.id);
  return Response.json(
    await sendSmsPhoneCode(db(), smsPort(db()), user.id, body.phone, requestMeta(context)),
  );
});

export const DELETE = route({ auth: 'contractor' }, async ({ user }) => {
  await requireOwnedBusiness(db(), user.id);
  return Response.json(await removeSmsPhone(db(), user.id));
});

// POST /api/contractor/alerts/sms-phone/confirm {code}: the code texted to the pending number.
// Right: texts may go to it, its opt-in confirmation is sent, and the settings are answered.
// Wrong: a 400 naming the code; expired or used up: a 409 asking for a new code.
import { ZSmsCode } from '~/schemas/alerts';
import { confirmSmsPhone, readAlertSettings, kickAlertSender, alertPorts } from '~/server/leads';
import { requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';
import { smsPort } from '~/server/platform/sms/index';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZSmsCode }, async ({ user, body }) => {
  await requireOwnedBusiness(db(), user.id);
  const { queued } = await confirmSmsPhone(db(), smsPort(db()), user.id, body.code);
  if (queued > 0) kickAlertSender(db(), alertPorts);
  return Response.json(await readAlertSettings(db(), user.id));
});

// POST /api/contractor/alerts/sms-phone/confirm {code}: the code texted to the pending number.
// Right: texts may go to it, its opt-in confirmation is sent, and the settings are answered.
// Wrong: a 400 naming the code; expired or used up: a 409 asking for a new code.
import { ZSmsCode } from '~/schemas/alerts';
import { confirmSmsPhone, readAlertSettings } from '~/server/leads/alerts/alert-settings';
import { kickAlertSender } from '~/server/leads/alerts/deliver-alerts';
import { alertPorts } from '~/server/leads/alerts/index';
import { requireOwnedBusiness } from '~/server/accounts/contractor/owned-business';
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

// GET /api/contractor/alerts/settings: what each kind of alert goes by (push, text, e-mail), the
// quiet hours, the texts a day and the number texts go to. PUT the same shape (without the number)
// saves it; texts chosen without a confirmed number are a 409. The caller's own settings only.
import { ZAlertSettingsInput } from '~/schemas/alerts';
import { readAlertSettings, saveAlertSettings } from '~/server/leads';
import { requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  await requireOwnedBusiness(db(), user.id);
  return Response.json(await readAlertSettings(db(), user.id));
});

export const PUT = route({ auth: 'contractor', body: ZAlertSettingsInput }, async ({ user, body }) => {
  await requireOwnedBusiness(db(), user.id);
  return Response.json(await saveAlertSettings(db(), user.id, body));
});

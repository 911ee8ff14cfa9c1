// POST /api/contractor/alerts/test: a test alert to each of the caller's devices, sent at once
// ({devices}: how many it went to). None yet is a 409 saying to turn alerts on first.
import { ALERT_MESSAGES } from '~/domain/alert-rules';
import { kickAlertSender } from '~/server/alerts/deliver-alerts';
import { pushPort } from '~/server/alerts/index';
import { queueTestAlert } from '~/server/alerts/lead-alerts';
import { requireOwnedBusiness } from '~/server/contractor/owned-business';
import { db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { route } from '~/server/route';

export const prerender = false;

export const POST = route({ auth: 'contractor' }, async ({ user }) => {
  await requireOwnedBusiness(db(), user.id);
  const devices = await queueTestAlert(db(), user.id);
  if (devices === 0) throw new AppError('CONFLICT', ALERT_MESSAGES.noDevices);
  kickAlertSender(db(), pushPort);
  return Response.json({ devices });
});

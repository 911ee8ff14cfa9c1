// DELETE /api/contractor/alerts/devices/:id: one of the caller's devices stops receiving alerts
// ({removed: id}). Another account's device, like an unknown one, is 404.
import { removePushDevice } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';
import { ALERT_MESSAGES } from '~/domain/alert-rules';

export const prerender = false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DELETE = route({ auth: 'contractor' }, async ({ context, user }) => {
  const id = context.params['id'] ?? '';
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', ALERT_MESSAGES.notFound);
  await removePushDevice(db(), user.id, id);
  return Response.json({ removed: id });
});

// GET /api/contractor/alerts/devices: the VAPID public key this browser subscribes with and the
// caller's devices that receive alerts. POST {subscription} (PushSubscription.toJSON()): this
// browser's subscription added (or renewed), answered 201 with the device. Only the caller's own
// devices, on their own account; the push service must be a browser's (push-devices.ts).
import { ZAddPushDevice, type PushDevicesState } from '~/schemas/alerts';
import { pushPort, addPushDevice, listPushDevices } from '~/server/leads';
import { requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  await requireOwnedBusiness(db(), user.id);
  const state: PushDevicesState = {
    vapidPublicKey: pushPort().publicKey,
    devices: await listPushDevices(db(), user.id),
  };
  return Response.json(state);
});

export const POST = route({ auth: 'contractor', body: ZAddPushDevice }, async ({ context, user, body }) => {
  await requireOwnedBusiness(db(), user.id);
  const device = await addPushDevice(
    db(),
    user.id,
    body.subscription,
    context.request.headers.get('user-agent'),
  );
  return Response.json(device, { status: 201 });
});

// The public profile's beacons: POST { businessId, metric } (JSON sent as text/plain by
// navigator.sendBeacon, which may not send application/json without a preflight) counts a profile
// view or a phone, e-mail or website click, once per client, business, metric and day. 204
// counted or already counted today; 400 a malformed body; 404 no listed business with that id.
import { ZBeaconEvent } from '~/schemas/analytics';
import { recordProfileEvent } from '~/server/site';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route(
  { auth: 'none', body: ZBeaconEvent, bodyTypes: ['text/plain', 'application/json'] },
  async ({ context, body }) => {
    const event = await recordProfileEvent(db(), body, requestMeta(context).ip);
    if (!event.found) throw new AppError('NOT_FOUND', 'Business not found');
    return new Response(null, { status: 204 });
  },
);

// Instant alerts: the browser's push subscription as the dashboard sends it (PushSubscription's
// toJSON()), and the device list the server answers. Where a device's push service may be is
// the server's check (server/alerts/push-devices.ts): it depends on the deployment.
import * as z from 'zod/mini';
import { ALERT_MESSAGES as M } from '../domain/alert-rules.ts';

/** base64url without padding, as browsers write a subscription's keys. */
const base64url = (bytes: number) =>
  z
    .string({ error: M.badSubscription })
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), M.badSubscription));

export const ZPushSubscription = z.object({
  endpoint: z.string({ error: M.badSubscription }).check(
    z.maxLength(1000, M.badSubscription),
    z.refine((value) => URL.canParse(value), M.badSubscription),
  ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The 16-byte authentication secret. */
    auth: base64url(16),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZAddPushDevice = z.object({ subscription: ZPushSubscription });

/** A device that receives the account's alerts. */
export interface PushDevice {
  id: string;
  label: string;
  /** ISO time it was turned on. */
  createdAt: string;
  /** ISO time of the last alert its push service accepted, null before the first. */
  lastSuccessAt: string | null;
  /** The push service's endpoint, so the page can tell which device is this one. */
  endpoint: string;
}

/** GET /api/contractor/alerts/devices: the key a browser subscribes with, and the devices. */
export interface PushDevicesState {
  vapidPublicKey: string;
  devices: PushDevice[];
}

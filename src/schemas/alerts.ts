// Instant alerts: the browser's push subscription as the dashboard sends it (PushSubscription's
// toJSON()), and the device list the server answers; the alert settings (what each kind goes by,
// quiet hours, texts a day) and the number confirmed for texts. Where a device's push service may be is
// the server's check (server/leads/alerts/push-devices.ts): it depends on the deployment.
import * as z from 'zod/mini';
import {
  ALERT_KINDS,
  ALERT_MESSAGES as M,
  SMS_DAILY_MAX_LIMIT,
  type AlertChannels,
  type AlertKind,
} from '../domain/alert-rules.ts';
import { INVALID_HOMEOWNER_LINK } from '../domain/homeowner-rules.ts';
import { CODE_LENGTH } from '../domain/phone-proof-rules.ts';
import { TIME_PATTERN } from '../domain/profile-rules.ts';
import { ZLinkToken } from './homeowner.ts';

/** base64url without padding, as browsers write a subscription's keys. */
const base64url = (bytes: number) =>
  z
    .string({ error: M.badSubscription })
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), M.badSubscription));

const ZPushSubscription = z.object({
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

/** POST /api/contractor/alerts/test: the devices ('push'), the number ('sms'), or both. */
export const ZTestAlert = z.strictObject({ channel: z.optional(z.enum(['push', 'sms'])) });

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

const ZTime = z.string({ error: M.time }).check(z.maxLength(5, M.time), z.regex(TIME_PATTERN, M.time));

const ZChannelSet = z.strictObject({ push: z.boolean(), sms: z.boolean(), email: z.boolean() });

/** Quiet hours in Dayton time, "HH:MM" each; the end may be past midnight (21:00 to 07:00). */
const ZQuietHours = z
  .strictObject({ start: ZTime, end: ZTime })
  .check(z.refine((q) => q.start !== q.end, { message: M.quietSame, path: ['end'] }));

/** PUT /api/contractor/alerts/settings: what each kind goes by, quiet hours and the texts a day. */
export const ZAlertSettingsInput = z.strictObject({
  channels: z.strictObject(
    Object.fromEntries(ALERT_KINDS.map((kind) => [kind, ZChannelSet])) as Record<
      AlertKind,
      typeof ZChannelSet
    >,
  ),
  quietHours: z.nullable(ZQuietHours),
  smsDailyMax: z
    .int({ error: M.dailyMax })
    .check(z.gte(1, M.dailyMax), z.lte(SMS_DAILY_MAX_LIMIT, M.dailyMax)),
});
export type TAlertSettingsInput = z.output<typeof ZAlertSettingsInput>;

/** POST /api/contractor/alerts/sms-phone: the mobile number to confirm for texts. */
export const ZSmsPhone = z.strictObject({
  phone: z.string({ error: M.phone }).check(z.maxLength(30, M.phone)),
});

/** POST /api/contractor/alerts/sms-phone/confirm: the code texted to it. */
export const ZSmsCode = z.strictObject({
  code: z
    .string({ error: M.codeFormat })
    .check(z.trim(), z.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), M.codeFormat)),
});

/** GET /api/contractor/alerts/settings. */
export interface AlertSettings {
  channels: AlertChannels;
  /** Null when alerts may ring at any hour. */
  quietHours: { start: string; end: string } | null;
  smsDailyMax: number;
  sms: {
    /** The confirmed number, ten digits; null without one. */
    phone: string | null;
    /** A number a code was sent to and not yet confirmed. */
    pendingPhone: string | null;
    /** The number replied STOP: nothing is texted until it is confirmed again. */
    optedOut: boolean;
    /** Texts queued today (Dayton's day), against smsDailyMax. */
    sentToday: number;
  };
  /** Devices receiving push alerts. */
  devices: number;
  /** Texts can be sent from this deployment (Twilio needs a Messaging Service). */
  textsAvailable: boolean;
}

/**
 * Which request a homeowner's push is for: the token of the mailed responses link, or (signed in)
 * the request's id, which the server looks for among the account's own requests only.
 */
const requestAccess = {
  token: z.optional(ZLinkToken),
  requestId: z.optional(z.uuid(INVALID_HOMEOWNER_LINK)),
};
const oneAccess = (value: { token?: string | undefined; requestId?: string | undefined }) =>
  (value.token === undefined) !== (value.requestId === undefined);

/** POST /api/quote-responses/push: this browser listens to the request. */
export const ZRequestPushOn = z
  .strictObject({ ...requestAccess, subscription: ZPushSubscription })
  .check(z.refine(oneAccess, INVALID_HOMEOWNER_LINK));

/**
 * POST /api/quote-responses/push/state and DELETE /api/quote-responses/push: this browser's
 * endpoint ('all' to DELETE: every browser listening to the request).
 */
export const ZRequestPushDevice = z
  .strictObject({
    ...requestAccess,
    endpoint: z.string({ error: M.badSubscription }).check(z.maxLength(1000, M.badSubscription)),
  })
  .check(z.refine(oneAccess, INVALID_HOMEOWNER_LINK));

/** Whether this browser gets notifications for the request, and how many browsers do. */
export interface RequestPushState {
  on: boolean;
  devices: number;
}

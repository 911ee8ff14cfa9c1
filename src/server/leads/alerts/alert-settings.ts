// A contractor's alert settings: what each kind of alert goes by (push, text, e-mail), quiet
// hours, the texts a day, and the mobile number texts go to. The number is confirmed by a code
// through the SMS port (Twilio Verify in production) before anything is texted to it, so nobody
// can point our texts at someone else's phone; a confirmed number gets the opt-in confirmation
// text carriers expect (program, frequency, rates, HELP, STOP). Without a row the defaults of
// domain/alert-rules.ts hold.
import {
  ALERT_KINDS,
  ALERT_MESSAGES as M,
  DEFAULT_ALERT_CHANNELS,
  SMS_DAILY_MAX_DEFAULT,
  TEST_ALERT_TTL_SECONDS,
  smsWelcomeText,
  type AlertChannels,
  type QuietMinutes,
} from '../../../domain/alert-rules.ts';
import { daytonMidnight, minutesOfTime, timeOfMinutes } from '../../../domain/dayton-time.ts';
import { addressKey } from '../../../domain/client-address.ts';
import {
  CODE_RESEND_SECONDS,
  CODE_SENDS_PER_CLIENT_PER_HOUR,
  CODE_SENDS_PER_PHONE_PER_HOUR,
} from '../../../domain/integrity-rules.ts';
import { maskedPhone } from '../../../domain/format.ts';
import { dialableUsNumber } from '../../../domain/phone.ts';
import { twilioConfig } from '../../platform/config/messaging.ts';
import type { AlertSettings, TAlertSettingsInput } from '../../../schemas/alerts.ts';
import { checkRateLimit } from '../../platform/security/rate-limit.ts';
import type { Db, Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { SmsRefusedNumberError, type SmsPort } from '../../platform/sms/sms-port.ts';
import { log } from '../../platform/log.ts';
import { CODE_SENDS_PER_HOUR } from '../leads-rules.ts';

interface SettingsRow {
  channels: AlertChannels;
  quiet_start: number | null;
  quiet_end: number | null;
  sms_daily_max: number;
  sms_phone: string | null;
  sms_opted_out_at: Date | null;
  pending_phone: string | null;
  pending_ref: string | null;
  pending_sent_at: Date | null;
}

/** The settings the alerts are queued by. */
export interface AlertPrefs {
  channels: AlertChannels;
  quiet: QuietMinutes | null;
  smsDailyMax: number;
  /** The number texts may go to now: confirmed and not opted out; null otherwise. */
  smsPhone: string | null;
}

/** Every kind present (a kind added later takes its default until the contractor saves). */
function withDefaults(channels: Partial<AlertChannels> | null | undefined): AlertChannels {
  return Object.fromEntries(
    ALERT_KINDS.map((kind) => [kind, { ...DEFAULT_ALERT_CHANNELS[kind], ...channels?.[kind] }]),
  ) as AlertChannels;
}

async function settingsRow(sql: Db, userId: string, lock = false): Promise<SettingsRow | null> {
  const [row] = await sql<SettingsRow[]>`
    select channels, quiet_start, quiet_end, sms_daily_max, sms_phone, sms_opted_out_at,
           pending_phone, pending_ref, pending_sent_at
      from alert_settings where user_id = ${userId} ${lock ? sql`for update` : sql``}`;
  return row ?? null;
}

/** What `userId`'s alerts go by; `lock` holds the row to the transaction's end (counting texts). */
export async function alertPrefs(sql: Db, userId: string, lock = false): Promise<AlertPrefs> {
  const row = await settingsRow(sql, userId, lock);
  return {
    channels: withDefaults(row?.channels),
    quiet:
      row?.quiet_start != null && row.quiet_end != null
        ? { start: row.quiet_start, end: row.quiet_end }
        : null,
    smsDailyMax: row?.sms_daily_max ?? SMS_DAILY_MAX_DEFAULT,
    smsPhone: row?.sms_phone && !row.sms_opted_out_at ? row.sms_phone : null,
  };
}

/** Texts of `userId` counted against today's maximum (Dayton's day): the alerts, not tests. */
export async function textsToday(sql: Db, userId: string, now = new Date()): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from alert_deliveries
     where user_id = ${userId} and channel = 'sms' and status <> 'skipped'
       and kind = any(${[...ALERT_KINDS]}) and created_at >= ${daytonMidnight(now)}`;
  return row?.count ?? 0;
}

/** Whether alert texts can go out here: the sandbox, or Twilio with a Messaging Service to send them. */
function textsAvailable(): boolean {
  const twilio = twilioConfig();
  return !twilio || twilio.messagingServiceSid !== null;
}

/** GET: the settings as the dashboard shows them. */
export async function readAlertSettings(sql: Sql, userId: string): Promise<AlertSettings> {
  const row = await settingsRow(sql, userId);
  const [devices] = await sql<{ count: number }[]>`
    select count(*)::int as count from push_subscriptions where user_id = ${userId}`;
  return {
    channels: withDefaults(row?.channels),
    quietHours:
      row?.quiet_start != null && row.quiet_end != null
        ? { start: timeOfMinutes(row.quiet_start), end: timeOfMinutes(row.quiet_end) }
        : null,
    smsDailyMax: row?.sms_daily_max ?? SMS_DAILY_MAX_DEFAULT,
    sms: {
      phone: row?.sms_phone ?? null,
      pendingPhone: row?.pending_phone ?? null,
      optedOut: Boolean(row?.sms_phone && row.sms_opted_out_at),
      sentToday: await textsToday(sql, userId),
    },
    devices: devices?.count ?? 0,
    textsAvailable: textsAvailable(),
  };
}

/** PUT: saved as given; texts chosen for a kind need a confirmed number that has not opted out. */
export async function saveAlertSettings(
  sql: Sql,
  userId: string,
  input: TAlertSettingsInput,
): Promise<AlertSettings> {
  await sql.begin(async (tx) => {
    const row = await settingsRow(tx, userId, true);
    const textsChosen = ALERT_KINDS.some((kind) => input.channels[kind].sms);
    if (textsChosen && (!row?.sms_phone || row.sms_opted_out_at)) {
      const message = row?.sms_opted_out_at ? M.smsOptedOut : M.smsNeedsPhone;
      throw new AppError('CONFLICT', message, { channels: [message] });
    }
    const quietStart = input.quietHours ? minutesOfTime(input.quietHours.start) : null;
    const quietEnd = input.quietHours ? minutesOfTime(input.quietHours.end) : null;
    await tx`
      insert into alert_settings (user_id, channels, quiet_start, quiet_end, sms_daily_max)
      values (${userId}, ${tx.json(input.channels)}, ${quietStart}, ${quietEnd}, ${input.smsDailyMax})
      on conflict (user_id) do update set
        channels = excluded.channels, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
        sms_daily_max = excluded.sms_daily_max, updated_at = now()`;
  });
  return readAlertSettings(sql, userId);
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Texts a code to `phoneText` (a US mobile number) to confirm it for alerts. Refused, changing
 * nothing, where texts cannot be sent, for a number that is not a dialable US number or cannot
 * take texts, within 30 s of the last code, and past five codes an hour for the account, for the
 * number (with the quote wizard's codes) or for the client's address.
 */
export async function sendSmsPhoneCode(
  sql: Sql,
  sms: SmsPort,
  userId: string,
  phoneText: string,
  meta: { ip?: string | null } = {},
): Promise<{ pendingPhone: string; message: string }> {
  if (!textsAvailable()) throw new AppError('CONFLICT', M.textsUnavailable);
  const phone = dialableUsNumber(phoneText);
  if (!phone) throw new AppError('BAD_REQUEST', M.phone, { phone: [M.phone] });
  const row = await settingsRow(sql, userId);
  const since = row?.pending_sent_at ? (Date.now() - row.pending_sent_at.getTime()) / 1000 : Infinity;
  if (since < CODE_RESEND_SECONDS) {
    const wait = Math.ceil(CODE_RESEND_SECONDS - since);
    throw new AppError('RATE_LIMITED', M.codeWait(wait), undefined, { retryAfterSeconds: wait });
  }
  const checks: [string, string, number][] = [
    [userId, 'alert-sms-code', CODE_SENDS_PER_HOUR],
    [phone, 'code:phone', CODE_SENDS_PER_PHONE_PER_HOUR],
    ...(meta.ip
      ? [[addressKey(meta.ip), 'code:ip', CODE_SENDS_PER_CLIENT_PER_HOUR] as [string, string, number]]
      : []),
  ];
  for (const [identifier, action, max] of checks) {
    const limit = await checkRateLimit(sql, identifier, action, max, 60);
    if (!limit.allowed) {
      throw new AppError('RATE_LIMITED', M.smsLimited(minutes(limit.retryAfterSeconds)), undefined, {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
  }
  const lineType = await sms.lineType(phone);
  if (lineType === 'landline') throw new AppError('CONFLICT', M.notMobile, { phone: [M.notMobile] });
  let ref: string;
  try {
    ({ ref } = await sms.sendCode({ phone, channel: 'sms' }));
  } catch (error) {
    if (error instanceof SmsRefusedNumberError) {
      throw new AppError('CONFLICT', M.notMobile, { phone: [M.notMobile] });
    }
    log().error({ err: error }, 'alert phone code not sent');
    throw new AppError('UNAVAILABLE', M.smsUnavailable);
  }
  await sql`
    insert into alert_settings (user_id, channels, pending_phone, pending_ref, pending_sent_at)
    values (${userId}, ${sql.json(withDefaults(null))}, ${phone}, ${ref}, now())
    on conflict (user_id) do update set
      pending_phone = excluded.pending_phone, pending_ref = excluded.pending_ref,
      pending_sent_at = excluded.pending_sent_at, updated_at = now()`;
  return { pendingPhone: phone, message: M.codeSent(maskedPhone(phone)) };
}

/**
 * Checks the code texted to the pending number. Right: the number is the one texts go to (an
 * opt-out of an earlier number is forgotten, as the contractor has just asked for texts), and the
 * opt-in confirmation text is queued. Wrong or gone: a 400 or 409 naming the code.
 */
export async function confirmSmsPhone(
  sql: Sql,
  sms: SmsPort,
  userId: string,
  code: string,
): Promise<{ queued: number }> {
  const row = await settingsRow(sql, userId);
  if (!row?.pending_phone || !row.pending_ref) throw new AppError('CONFLICT', M.noCode, { code: [M.noCode] });
  let result;
  try {
    result = await sms.checkCode({ phone: row.pending_phone, code, ref: row.pending_ref });
  } catch (error) {
    log().error({ err: error }, 'alert phone code not checked');
    throw new AppError('UNAVAILABLE', M.smsUnavailable);
  }
  if (result === 'wrong') throw new AppError('BAD_REQUEST', M.codeWrong, { code: [M.codeWrong] });
  if (result === 'gone') throw new AppError('CONFLICT', M.codeGone, { code: [M.codeGone] });
  const phone = row.pending_phone;
  return sql.begin(async (tx) => {
    const [saved] = await tx<{ sms_daily_max: number }[]>`
      update alert_settings
         set sms_phone = ${phone}, sms_confirmed_at = now(), sms_opted_out_at = null,
             pending_phone = null, pending_ref = null, pending_sent_at = null, updated_at = now()
       where user_id = ${userId} and pending_phone = ${phone}
      returning sms_daily_max`;
    if (!saved) return { queued: 0 };
    // Texts held (quiet hours) for a number this one replaces do not go to the old number.
    await tx`
      update alert_deliveries set status = 'failed', last_error = 'number changed'
       where user_id = ${userId} and channel = 'sms' and status = 'pending' and to_phone <> ${phone}`;
    // The opt-in confirmation, sent at once whatever the quiet hours: the contractor just asked.
    await tx`
      insert into alert_deliveries (channel, to_phone, user_id, kind, payload, ttl_seconds, urgency)
      values ('sms', ${phone}, ${userId}, 'sms_welcome', ${tx.json({ body: smsWelcomeText(saved.sms_daily_max) })},
              ${TEST_ALERT_TTL_SECONDS}, 'normal')`;
    return { queued: 1 };
  });
}

/** Forgets the number (confirmed and pending) and turns texts off for every kind. */
export async function removeSmsPhone(sql: Sql, userId: string): Promise<AlertSettings> {
  await sql.begin(async (tx) => {
    const row = await settingsRow(tx, userId, true);
    if (!row) return;
    const channels = withDefaults(row.channels);
    for (const kind of ALERT_KINDS) channels[kind].sms = false;
    await tx`
      update alert_settings
         set sms_phone = null, sms_confirmed_at = null, sms_opted_out_at = null, pending_phone = null,
             pending_ref = null, pending_sent_at = null, channels = ${tx.json(channels)}, updated_at = now()
       where user_id = ${userId}`;
    // Texts still waiting (quiet hours) are not sent to a number the contractor removed.
    await tx`
      update alert_deliveries set status = 'failed', last_error = 'number removed'
       where user_id = ${userId} and channel = 'sms' and status = 'pending'`;
  });
  return readAlertSettings(sql, userId);
}

/** The provider said `phone` replied STOP: nothing more is texted to it until confirmed again. */
export async function markSmsOptedOut(sql: Sql, userId: string, phone: string): Promise<void> {
  await sql`
    update alert_settings set sms_opted_out_at = coalesce(sms_opted_out_at, now())
     where user_id = ${userId} and sms_phone = ${phone}`;
}

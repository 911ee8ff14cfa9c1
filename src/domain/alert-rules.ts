// Instant alerts (issue 27): the limits, the push services a device may name, what each kind of
// alert goes by (push, text, e-mail) unless the contractor chose otherwise, quiet hours, the
// texts' words (with the opt-out wording carriers expect), and the words a contractor sees.
// Shared by the dashboard's island and the server.
import { daytonClock, daytonInstant, inDailyWindow, MINUTES_PER_DAY } from './dayton-time.ts';
import { CODE_LENGTH, SMS_BRAND } from './phone-proof-rules.ts';

/** Devices one account may have receiving alerts; a new one past this is refused. */
export const MAX_PUSH_DEVICES = 10;

/** A new lead's push is worth delivering for a day; after that the dashboard and the mail say it. */
export const LEAD_ALERT_TTL_SECONDS = 24 * 60 * 60;

/** A test alert is only worth seeing now. */
export const TEST_ALERT_TTL_SECONDS = 5 * 60;

/** Tries of one delivery before it is given up (a push service answering 5xx or 429, or unreachable). */
export const MAX_ALERT_ATTEMPTS = 5;

/**
 * The push services browsers subscribe with (Chrome, Edge, Opera and Samsung Internet through
 * Firebase Cloud Messaging; Firefox; Safari; Windows). A subscription naming any other host is
 * refused: the server would otherwise send requests wherever a caller pointed it.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether `host` is one of PUSH_SERVICE_HOSTS or under one of them. */
export function isPushServiceHost(host: string): boolean {
  const name = host.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => name === known || name.endsWith(`.${known}`));
}

/**
 * `value` as a path on the site at `origin`, read as a browser reads a link (a backslash is a
 * slash, tabs and newlines vanish), or `fallback` when it is not a path or would leave the site:
 * a tap on an alert never goes elsewhere. Self-contained, as the service worker embeds its source.
 */
export function pathOnSite(value: unknown, origin: string, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** What a contractor is alerted to, in the order the settings list them. */
export const ALERT_KINDS = ['lead_new', 'quote_accepted', 'credit_decided', 'payment_failed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_WORDS: Record<AlertKind, string> = {
  lead_new: 'A new lead',
  quote_accepted: 'A homeowner accepts your quote',
  credit_decided: 'A credit request is decided',
  payment_failed: 'A payment fails',
};

export const ALERT_CHANNELS = ['push', 'sms', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_CHANNEL_WORDS: Record<AlertChannel, string> = {
  push: 'Push',
  sms: 'Text',
  email: 'E-mail',
};

export type AlertChannels = Record<AlertKind, Record<AlertChannel, boolean>>;

/** Until a contractor chooses: push and e-mail for everything; texts need a confirmed number first. */
export const DEFAULT_ALERT_CHANNELS: AlertChannels = {
  lead_new: { push: true, sms: false, email: true },
  quote_accepted: { push: true, sms: false, email: true },
  credit_decided: { push: true, sms: false, email: true },
  payment_failed: { push: true, sms: false, email: true },
};

/**
 * Kinds whose e-mail always goes as well: a failed payment (money, and whether leads keep coming)
 * and a credit decided (a refund to the card, or why there is none).
 */
export const ALWAYS_EMAILED: ReadonlySet<AlertKind> = new Set(['credit_decided', 'payment_failed']);

/** Whether `kind` goes by `channel` under `channels` (e-mail of a failed payment always does). */
export function alertGoesBy(channels: AlertChannels, kind: AlertKind, channel: AlertChannel): boolean {
  if (channel === 'email' && ALWAYS_EMAILED.has(kind)) return true;
  return channels[kind][channel];
}

/** Texts a day unless the contractor chose otherwise, and the most they may choose. */
export const SMS_DAILY_MAX_DEFAULT = 10;
export const SMS_DAILY_MAX_LIMIT = 50;

/** The quiet hours offered when a contractor first turns them on. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;

/** Quiet hours as minutes after Dayton's midnight; the end may be past midnight (21:00 to 07:00). */
export interface QuietMinutes {
  start: number;
  end: number;
}

/**
 * When an alert queued at `now` may ring: `now` itself, or the end of the quiet hours `now` falls
 * in (Dayton's clock, whatever the daylight-saving time).
 */
export function ringsAt(now: Date, quiet: QuietMinutes | null): Date {
  if (!quiet) return now;
  const clock = daytonClock(now);
  if (!inDailyWindow(clock.minutes, quiet.start, quiet.end)) return now;
  const nextDay = quiet.end <= clock.minutes ? 1 : 0;
  return daytonInstant(clock.year, clock.month, clock.day + nextDay, quiet.end % MINUTES_PER_DAY);
}

/** A text alert: the brand, what happened, the link, and the opt-out words on every message. */
export function alertText(alert: { title: string; body: string; url: string }, origin: string): string {
  // GSM-7 only: one character outside it (the push's "·") sends the whole text as UCS-2, twice the segments.
  const body = alert.body.replace(/ · /g, '. ');
  return `${SMS_BRAND}: ${alert.title}. ${body}. ${origin}${alert.url} Reply STOP to opt out.`;
}

/** The first text to a confirmed number: the program, how often, rates, HELP and STOP (CTIA's opt-in confirmation). */
export function smsWelcomeText(dailyMax: number): string {
  return `${SMS_BRAND}: lead alerts are on for this number. Up to ${dailyMax} msgs/day. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
}

/** The test alert by text. */
export const SMS_TEST_TEXT = `${SMS_BRAND}: test alert. New leads will arrive like this. Reply STOP to opt out.`;

/** Twilio's code for a number that replied STOP: nothing more may be sent to it until START. */
export const SMS_OPTED_OUT_CODE = 21610;

export const ALERT_MESSAGES = {
  unsupported:
    'This browser cannot receive alerts. On an iPhone, add this site to your Home Screen first, then open it from there.',
  denied:
    'Alerts are blocked for this site in your browser settings. Allow notifications there, then try again.',
  dismissed: 'Alerts were not allowed. Choose Allow when your browser asks, to get new leads on this device.',
  subscribeFailed: 'Alerts could not be turned on for this device. Please try again.',
  turnedOn: 'Alerts are on for this device.',
  removed: 'That device no longer receives alerts.',
  testSent: 'A test alert is on its way to your devices.',
  testTextSent: 'A test text is on its way to your number.',
  tooMany: `You can receive alerts on up to ${MAX_PUSH_DEVICES} devices. Remove one first.`,
  badSubscription: 'This device could not be registered for alerts. Please try again.',
  unknownService: 'This browser uses a push service we do not send to.',
  notFound: 'That device was not found.',
  testLimited: 'You sent several test alerts just now. Please wait a few minutes.',
  nothingToTest: 'Turn on alerts on a device or confirm a number for texts first.',
  noDevices: 'Turn on alerts on a device first.',
  saveFailed: 'Your alert settings could not be saved. Please try again.',
  textsUnavailable: 'Text alerts are not available yet. Use push alerts and e-mail for now.',
  codeWait: (seconds: number) =>
    `You can ask for a new code in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  saved: 'Alert settings saved.',
  quietSame: 'Quiet hours must start and end at different times.',
  time: 'Enter a time like 21:00.',
  dailyMax: `Choose from 1 to ${SMS_DAILY_MAX_LIMIT} texts a day.`,
  smsNeedsPhone: 'Confirm a mobile number first, to get alerts by text.',
  phone: 'Enter a US mobile number, like (937) 555-0123.',
  notMobile: 'This number cannot receive texts. Enter a mobile number.',
  codeFormat: `Enter the ${CODE_LENGTH}-digit code.`,
  codeSent: (masked: string) => `We texted a code to ${masked}. Enter it below.`,
  codeWrong: 'That code is not right. Check the text and try again.',
  codeGone: 'This code has expired or was tried too often. Send a new code.',
  noCode: 'Send a code to your number first.',
  smsUnavailable: 'We could not reach the text service just now. Please try again in a minute.',
  smsLimited: (minutes: number) =>
    `Too many codes were sent. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  smsConfirmed: 'Your number is confirmed. Choose below which alerts come by text.',
  smsRemoved: 'Texts are off and your number is removed.',
  smsOptedOut:
    'This number replied STOP, so we cannot text it. Reply START to our last text, then confirm the number again here.',
} as const;

// The homeowner's push for one request (issue 27, Must 4): the responses page turns it on.

/** Browsers that may listen to one request (a homeowner's phone, a laptop, a partner's phone). */
export const MAX_REQUEST_PUSH_DEVICES = 5;
/**
 * How long the mail of a response waits after its push: replaced if the homeowner opens the
 * request's page meanwhile, sent at the end otherwise (and at once when no push could be delivered).
 */
export const REQUEST_PUSH_MAIL_HOLD_SECONDS = 10 * 60;
/** A response's push is worth showing for a week (the homeowner may be away from the phone). */
export const RESPONSE_ALERT_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What a homeowner's phone shows for a new response: the contractor and the quote, nothing more. */
export function responseAlert(response: {
  businessName: string;
  totalText: string | null;
  subject: string;
}): { title: string; body: string } {
  return {
    title: response.totalText
      ? `New quote from ${response.businessName}: ${response.totalText}`
      : `New response from ${response.businessName}`,
    body: `${response.subject} · See it on your request page.`,
  };
}

export const REQUEST_PUSH_MESSAGES = {
  offer: 'Get a notification on this device as soon as a contractor answers.',
  turnOn: 'Notify me on this device',
  turnOff: 'Stop notifications on this device',
  turnOffAll: 'Turn off on every device',
  on: `Notifications are on for this request on this device. A response you have not opened here within ${REQUEST_PUSH_MAIL_HOLD_SECONDS / 60} minutes is e-mailed too.`,
  off: 'Notifications are off on this device. We e-mail you each response.',
  allOff: 'Notifications are off on every device for this request. We e-mail you each response.',
  devices: (count: number) =>
    `${count} device${count === 1 ? '' : 's'} ${count === 1 ? 'gets' : 'get'} notifications for this request.`,
  unsupported: 'This browser cannot show notifications. We e-mail you each response.',
  denied: 'Notifications are blocked for this site in your browser settings. We e-mail you each response.',
  dismissed: 'Notifications were not allowed. Choose Allow when your browser asks, or rely on the e-mail.',
  failed: 'Notifications could not be changed. Please try again; we e-mail you each response meanwhile.',
  tooMany: `Up to ${MAX_REQUEST_PUSH_DEVICES} devices can get notifications for one request. Turn them off on every device first, then here again.`,
} as const;

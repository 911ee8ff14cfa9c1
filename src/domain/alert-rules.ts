// Instant alerts (issue 27): the limits, the push services a device may name, and the words a
// contractor sees. Shared by the dashboard's island and the server.

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
export const PUSH_SERVICE_HOSTS = [
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
  noDevices: 'Turn on alerts on a device first.',
  tooMany: `You can receive alerts on up to ${MAX_PUSH_DEVICES} devices. Remove one first.`,
  badSubscription: 'This device could not be registered for alerts. Please try again.',
  unknownService: 'This browser uses a push service we do not send to.',
  notFound: 'That device was not found.',
} as const;

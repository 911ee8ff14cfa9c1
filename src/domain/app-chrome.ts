// The app's chrome on every page (spec 4 and 8): the offline banner and the app-wide back-online
// event, the install prompt, the error boundary's texts and the retry rule for network-looking
// errors. Shared by the plain page script (src/scripts/app-chrome.ts) and the React islands.

/** Raised on window by the offline banner when the connection comes back; islands retry then. */
export const BACK_ONLINE_EVENT = 'app:back-online';

/**
 * Raised by the islands' api() when a write starts (detail 1) or stops (detail -1) waiting for the
 * connection; the offline banner says the request is kept while any waits.
 */
export const WRITES_WAITING_EVENT = 'app:writes-waiting';

export const CHROME_TEXT = {
  offline: 'You are offline',
  restored: 'Connection restored',
  writesWaiting: 'What you sent is kept and will go out when the connection is back.',
  install: 'Install App',
  notNow: 'Not Now',
  installFailedTitle: 'Installation Failed',
  installFailed: 'There was an error installing the app. Please try again.',
  errorTitle: 'Something went wrong',
  unexpected: 'An unexpected error occurred',
  tryAgain: 'Try Again',
  goHome: 'Go Home',
} as const;

/** How long 'Connection restored' stays before the banner hides. */
export const RESTORED_VISIBLE_MS = 3000;

/** Network-looking errors are retried at most this many times (spec 4). */
export const MAX_NETWORK_RETRIES = 3;

/** The wait before retry `n` (0-based): min(1000 x 2^n, 10000) ms: 1 s, 2 s, 4 s. */
export function retryDelayMs(n: number): number {
  return Math.min(1000 * 2 ** n, 10_000);
}

/**
 * Whether an error looks like the network's rather than the code's: fetch's TypeError ('Failed
 * to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'), a lazily loaded
 * chunk that did not arrive, or an error named NetworkError.
 */
export function looksLikeNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NetworkError') return true;
  return /failed to fetch|networkerror|load failed|network request failed|dynamically imported module|importing a module script failed|loading chunk/i.test(
    error.message,
  );
}

/** localStorage key: when Not Now was chosen (ms since the epoch). */
export const INSTALL_DISMISSED_KEY = 'install-prompt-dismissed';
/** localStorage key: when this browser completed a quote request (ms since the epoch). */
export const REQUEST_COMPLETED_KEY = 'quote-request-completed';
/** Not Now hides the install offer this long (issue 24: it lasted one session and came back). */
export const INSTALL_SNOOZE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the install offer may show (issue 24): only where the app earns its place on a home
 * screen (on the contractor's dashboard, or once this browser has completed a quote request,
 * whose answers the homeowner will come back for), never on a first visit's search, and not
 * within 30 days of Not Now. Stored values are the localStorage strings (null when absent).
 */
export function installOfferAllowed(input: {
  pathname: string;
  requestCompletedAt: string | null;
  dismissedAt: string | null;
  now: number;
}): boolean {
  const dismissed = Number(input.dismissedAt);
  if (input.dismissedAt !== null && Number.isFinite(dismissed)) {
    if (input.now - dismissed < INSTALL_SNOOZE_DAYS * DAY_MS) return false;
  }
  const onDashboard = /^\/dashboard(\/|$)/.test(input.pathname);
  return onDashboard || (input.requestCompletedAt !== null && input.requestCompletedAt !== '');
}

/**
 * Safari on an iPhone, iPad or iPod, which never offers installation itself: the prompt shows
 * the manual steps instead (iPadOS reports a Mac with touch).
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** The query parameter of the kill switch: ?clear-sw=1. */
export const CLEAR_SW_PARAM = 'clear-sw';

/** The address to reload once the kill switch has cleared everything: the same, without it. */
export function withoutClearSw(href: string): string | null {
  const url = new URL(href);
  if (url.searchParams.get(CLEAR_SW_PARAM) !== '1') return null;
  url.searchParams.delete(CLEAR_SW_PARAM);
  return url.pathname + url.search + url.hash;
}

/**
 * Pages the service worker never keeps a copy of: signed-in pages and pages opened by a mailed
 * link (their answers are also private or no-store where they carry anything personal).
 */
export const PRIVATE_PAGES =
  /^\/(auth|profile|forgot-password|reset-password|admin|dashboard|contractor\/billing|quote-request\/(confirm|responses)|review|sandbox)(\/|$)/;

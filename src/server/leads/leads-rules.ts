// The leads area's own rules: limits, windows and messages only its server code applies (the ones
// the islands share live in src/domain, e.g. quote-rules.ts and alert-rules.ts).

/** New requests from one client address per hour (several households can share one). */
export const QUOTES_PER_IP_PER_HOUR = 10;

/** A contractor serves a lead whose ZIP is in its list, or that is this close to the business. */
export const SERVE_RADIUS_MILES = 25;

/** How many, and how far back: an empty list is better than a stale one. */
export const RECENT_REQUESTS = { count: 5, days: 14 } as const;

/** Minutes a lead may stay unfinished before the sweeper takes it up (a run may be in flight). */
export const RESUME_AFTER_MINUTES = 2;

/** How long one check with the provider may hold the code before another may take it. */
export const CHECK_HOLD_SECONDS = 20;

/** Long enough to fill in the last step after the challenge arrives. */
export const CHALLENGE_MINUTES = 30;

/** A confirmation link that is malformed, used, expired or unknown: one answer for all. */
export const INVALID_CONFIRM_LINK = 'This link is invalid or has expired.';

/** The longest wait between two tries of an alert's delivery (the wait doubles up to it). */
export const MAX_BACKOFF_SECONDS = 300;

/**
 * A delivery left 'sending' this long is claimed again: its sender died or was frozen (a Netlify
 * function after its answer). A push takes at most the adapter's 10 s timeout.
 */
export const ALERT_RECLAIM_AFTER_SECONDS = 60;

/** Codes a user may ask for in an hour, to confirm numbers for texts. */
export const CODE_SENDS_PER_HOUR = 5;

/** A push service that has not answered in this long is taken as unavailable (tried again later). */
export const PUSH_TIMEOUT_MS = 10_000;

/** The same answer for a malformed id, an unknown one and another business's. */
export const LEAD_NOT_FOUND = 'Lead not found';

/** Two changes of a lead's stage at once: the later one is refused. */
export const STAGE_CHANGED_MEANWHILE = 'This lead was changed meanwhile. Reload it and try again.';

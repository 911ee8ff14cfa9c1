// The accounts area's own rules: limits and windows only its server code applies (the ones the
// islands share live in src/domain). Each is defined here once and imported where it applies.

/** The sign-up's business search: this many searches from one address in the window below. */
export const SIGNUP_SEARCHES_PER_IP = 60;

/** The window of that limit, in minutes. */
export const SIGNUP_SEARCH_WINDOW_MINUTES = 5;

/** The most listings one sign-up search shows. */
export const MAX_LISTINGS = 5;

/** An authenticator set-up not confirmed within this many minutes must be started again. */
export const PENDING_MINUTES = 30;

/** Recovery codes issued at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** The spec's message of an endpoint that needs a business the caller does not have. */
export const NO_BUSINESS_MESSAGE = 'No business found';

// The money area's own rules: messages, windows and the gateway's time limits that only its server
// code applies (the ones the islands share live in src/domain).

/** The answer to a session id that is not the caller's, does not exist, or is not a setup. */
export const SETUP_SESSION_NOT_FOUND = 'Payment setup session not found';

/** The same answer for a malformed id, an unknown one and another business's. */
export const TRANSACTION_NOT_FOUND = 'Transaction not found';

/** Months (this one and the five before) the Analytics tab shows. */
export const ANALYTICS_MONTHS = 6;

/**
 * How long one request to Stripe may take, and how often the SDK sends it again (after a timeout,
 * a dropped connection, a 409 or a 5xx) with the same Idempotency-Key. A gateway slower than the
 * timeout fails the charge; the distribution stays 'pending' and the sweeper settles it later
 * with the same key (docs/reliability.md: the payment gateway slow or dropping connections).
 */
export const STRIPE_TIMEOUT_MS = 20_000;

/** The Stripe SDK's own retries of a network error (with the same idempotency key). */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

/** The sandbox's hosted card page: Stripe's own words for each problem with a test card. */
export const SETUP_MESSAGES = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvc: "Your card's security code is incomplete.",
  notTestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. Use one of the test cards listed on this page.',
  authentication:
    'This card needs authentication for every payment, so it cannot be saved for leads charged while you are away. Please use another card.',
} as const;

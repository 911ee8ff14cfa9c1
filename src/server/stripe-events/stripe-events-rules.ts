// The stripe-events area's own rules: the answers Stripe's webhook gets.

/** What the webhook answers Stripe when an event cannot be taken. */
export const WEBHOOK_MESSAGES = {
  signature: 'The Stripe signature is missing or does not match the body',
  event: 'The event is not one Stripe sends',
} as const;

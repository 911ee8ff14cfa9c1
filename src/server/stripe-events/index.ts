// The stripe-events area's front door: Stripe's inbound webhooks (charges, set-ups, plans,
// invoices), apart from the outbound gateway in src/server/money. Below it: leads, money and the rest.
export { receiveStripeEvent } from './receive-event.ts';

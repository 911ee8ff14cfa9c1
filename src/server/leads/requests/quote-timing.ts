// How long the quote pipeline waits for things, in one place.

/** A request with the same e-mail and service this recently is a duplicate, never sold. */
export { QUOTE_DUPLICATE_DAYS as DUPLICATE_DAYS } from '../../../domain/quote-rules.ts';
export { QUOTE_CONFIRM_HOURS as CONFIRM_HOURS } from '../../../domain/quote-rules.ts';

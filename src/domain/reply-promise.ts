// The reply promise, in one place (issue 24): every public statement of how soon a homeowner
// hears back (the wizard, its toast and panels, the city pages' FAQ, the AI sheet) and every
// contractor's stated response time ("Responds in 4h") is worded here, so the one rule the
// contractor side defines (derived from the matched contractors' stated response times) switches
// every statement at once. Until it lands the promise is the fixed QUOTE_PROMISED_HOURS.
import { QUOTE_PROMISED_HOURS } from './quote-rules.ts';
import { DEFAULT_RESPONSE_HOURS } from './search-constants.ts';

/**
 * Hours within which the homeowner is promised a reply. `_statedHours` are the response times the
 * contractors in question state (none known: the site-wide promise); today's rule ignores them.
 */
export function replyPromiseHours(_statedHours: readonly (number | null)[] = []): number {
  return QUOTE_PROMISED_HOURS;
}

/** "within 2 hours". */
export function replyPromiseText(statedHours: readonly (number | null)[] = []): string {
  const hours = replyPromiseHours(statedHours);
  return `within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A contractor's own stated response time, none given counting as 24 hours (spec). */
export function statedResponseHours(hours: number | null | undefined): number {
  return hours ?? DEFAULT_RESPONSE_HOURS;
}

/** The spec's card wording: "Responds in 4h". */
export function respondsInText(hours: number | null | undefined): string {
  return `Responds in ${statedResponseHours(hours)}h`;
}

/** The profile's About card: "Responds within 4 hours". */
export function respondsWithinText(hours: number | null | undefined): string {
  const n = statedResponseHours(hours);
  return `Responds within ${n} ${n === 1 ? 'hour' : 'hours'}`;
}

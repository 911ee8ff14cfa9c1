// The one reply promise (issue 24, Must 3): how soon a homeowner is told to expect a reply. It is
// derived from what the contractors themselves state (businesses.response_time_hours, the
// profile's "responds within N hours"), never a number of our own: a request's promise is the
// slowest stated time of the contractors it went to, so every one of them can keep it. Before a
// request is matched (the wizard, a page about many contractors) the same rule runs over the
// contractors who could get it; with none known it is the spec's 24 hours (a contractor that
// states nothing counts as 24 hours too). The mails, the city pages' FAQ, the AI sheet, the
// wizard and the profiles' "Responds in Nh" all word it here. docs/decisions.md, "Figures and
// billing (issue 24)".
import { plural } from './format.ts';
import { DEFAULT_RESPONSE_HOURS } from './search-constants.ts';

/** The promise when no contractor is known, and a contractor's that states none (spec: 24 hours). */
const REPLY_PROMISE_DEFAULT_HOURS = DEFAULT_RESPONSE_HOURS;

/** A contractor's stated reply time in whole hours (none stated: the default). */
export function statedReplyHours(stated: number | null | undefined): number {
  return typeof stated === 'number' && Number.isFinite(stated) && stated > 0
    ? Math.ceil(stated)
    : REPLY_PROMISE_DEFAULT_HOURS;
}

/** The promise in hours: the slowest stated reply time of `contractors`; none: 24. */
export function replyPromiseHours(contractors: readonly (number | null | undefined)[] = []): number {
  return contractors.length ? Math.max(...contractors.map(statedReplyHours)) : REPLY_PROMISE_DEFAULT_HOURS;
}

/** "within 2 hours", "within 1 hour": the promise as a sentence says it. */
export function replyPromise(contractors: readonly (number | null | undefined)[] = []): string {
  return `within ${plural(replyPromiseHours(contractors), 'hour')}`;
}

/** The spec's card wording for one contractor: "Responds in 4h". */
export function respondsInText(hours: number | null | undefined): string {
  return `Responds in ${statedReplyHours(hours)}h`;
}

/** The profile's About card: "Responds within 4 hours". */
export function respondsWithinText(hours: number | null | undefined): string {
  return `Responds ${replyPromise([hours])}`;
}

// "Ask the pro you chose" (issue 25): the words the profile and the wizard use for a request
// asked from a contractor's profile, and the link that carries the choice. What the sale does
// with it is src/server/leads/requests/match-contractors.ts; both say the same thing, from here.
import { DEFAULT_CONTRACTORS_PER_LEAD } from './quote-rules.ts';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five'] as const;
/** Besides the chosen contractor: "up to two similar pros". */
const SIMILAR_PROS = DEFAULT_CONTRACTORS_PER_LEAD - 1;
const similarWord = WORDS[SIMILAR_PROS]!;
const allWord = WORDS[DEFAULT_CONTRACTORS_PER_LEAD];

/** A contractor's slug as the wizard's link and the request carry it: SLUG_PATTERN, at most this long. */
export const CONTRACTOR_SLUG_MAX = 120;

/** The profile's main button. */
export const askProButton = (name: string) => `Request a Free Quote from ${name}`;

/** The line under it, and the wizard's note: said before anything is sent. */
export const askingNote = (name: string) =>
  `Asking ${name} and up to ${similarWord} similar ${SIMILAR_PROS === 1 ? 'pro' : 'pros'}.`;

/** When the chosen contractor cannot take it. */
export const askingFallback = (name: string) =>
  `If ${name} does not serve your ZIP code or is not taking requests right now, your request goes to up to ${allWord} matching verified pros instead.`;

/** The wizard, when the service chosen is not one the contractor offers. */
export const notOfferedNote = (name: string, service: string) =>
  `${name} does not offer ${service}, so your request goes to up to ${allWord} matching verified pros.`;

/** The wizard's way to drop the choice. */
export const ASK_ANY_PROS = 'Ask any matching pros instead';

/** What the wizard needs to know of a chosen contractor (a prebuilt /quote-targets/<slug>.json). */
export interface QuoteTarget {
  slug: string;
  name: string;
  /** The services it offers, by slug. */
  services: string[];
}

/** The wizard's link for a contractor: it, and the service to preselect. */
export function askProHref(slug: string, service: string | null): string {
  const params = new URLSearchParams({ contractor: slug });
  if (service) params.set('service', service);
  return `/quote-request?${params.toString()}`;
}

/** The wizard's link from a service or city page: the service, and the place's ZIP when it has one. */
export function quoteHrefFor(service: string, place?: { zipCodes: readonly string[] }): string {
  const params = new URLSearchParams({ service });
  if (place?.zipCodes.length === 1) params.set('zip', place.zipCodes[0]!);
  return `/quote-request?${params.toString()}`;
}

// The /contractors state <-> query string, so the address bar, back/forward and shared links
// all describe the same search. Defaults are left out of the URL.
import { searchParamsToObject, ZSearchQuery } from '../../schemas/search.ts';
import { DISTANCE, RESPONSE, type TSort } from '../../domain/search-constants.ts';

export interface SearchState {
  search: string;
  location: string;
  category: string;
  sort: TSort;
  distance: number;
  minExperience: number;
  maxResponse: number;
  verified: boolean;
  /** Price bounds in whole dollars; undefined: no bound (as the endpoint's schema reads it). */
  priceMin: number | undefined;
  priceMax: number | undefined;
  page: number;
}

export const DEFAULT_STATE: SearchState = {
  search: '',
  location: '',
  category: '',
  sort: 'best',
  distance: DISTANCE.default,
  minExperience: 0,
  maxResponse: RESPONSE.default,
  verified: false,
  priceMin: undefined,
  priceMax: undefined,
  page: 1,
};

type StateKey = Exclude<keyof SearchState, never>;
const STATE_KEYS = Object.keys(DEFAULT_STATE) as StateKey[];

/**
 * Reads the state from a query string with the search endpoint's own schema, field by field:
 * a value the endpoint would accept is kept as it would parse it, anything else falls back to
 * its default (a shared link with one bad value still opens the rest of the search).
 * `service={id}` (the city pages' breadcrumb link) selects the category with that id; a place's
 * slug as the location (the service-areas page's `location=kettering`) reads as its name.
 */
export function stateFromParams(
  params: URLSearchParams,
  services: readonly { id: string; slug: string }[] = [],
  places: readonly { slug: string; name: string }[] = [],
): SearchState {
  const raw = searchParamsToObject(params);
  const serviceId = raw['service'];
  if (serviceId && !raw['category']) {
    const slug = services.find((s) => s.id === serviceId)?.slug;
    if (slug) raw['category'] = slug;
  }
  const state = { ...DEFAULT_STATE };
  for (const key of STATE_KEYS) {
    const parsed = ZSearchQuery.shape[key].safeParse(raw[key]);
    if (parsed.success) (state as Record<StateKey, unknown>)[key] = parsed.data;
  }
  const place = places.find((p) => p.slug === state.location.toLowerCase());
  if (place) state.location = place.name;
  // A maximum below the minimum is dropped, as the endpoint refuses it (on priceMax).
  if (state.priceMin !== undefined && state.priceMax !== undefined && state.priceMax < state.priceMin) {
    state.priceMax = undefined;
  }
  return state;
}

/** The query string of a state, defaults omitted, keys in a fixed order. */
export function paramsFromState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.location.trim()) params.set('location', state.location.trim());
  if (state.category) params.set('category', state.category);
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.distance !== DEFAULT_STATE.distance) params.set('distance', String(state.distance));
  if (state.minExperience !== 0) params.set('minExperience', String(state.minExperience));
  if (state.maxResponse !== DEFAULT_STATE.maxResponse) params.set('maxResponse', String(state.maxResponse));
  if (state.verified) params.set('verified', 'true');
  if (state.priceMin !== undefined) params.set('priceMin', String(state.priceMin));
  if (state.priceMax !== undefined) params.set('priceMax', String(state.priceMax));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The count line of the spec: '{n} contractor(s) found for "{term}"'. */
export function countLine(total: number, term: string, capped = false): string {
  const noun = total === 1 && !capped ? 'contractor' : 'contractors';
  const n = capped ? `${total}+` : String(total);
  return term.trim() ? `${n} ${noun} found for "${term.trim()}"` : `${n} ${noun} found`;
}

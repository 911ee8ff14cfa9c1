// The /contractors state <-> query string, so the address bar, back/forward and shared links
// all describe the same search. Defaults are left out of the URL.
import { DISTANCE, RESPONSE, SORTS, type TSort } from './search-constants.ts';

export interface SearchState {
  search: string;
  location: string;
  category: string;
  sort: TSort;
  distance: number;
  minExperience: number;
  maxResponse: number;
  verified: boolean;
  page: number;
}

export const DEFAULT_STATE: SearchState = {
  search: '',
  location: '',
  category: '',
  sort: 'featured',
  distance: DISTANCE.default,
  minExperience: 0,
  maxResponse: RESPONSE.default,
  verified: false,
  page: 1,
};

function intIn(value: string | null, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** Reads the state from a query string; anything invalid falls back to its default. */
export function stateFromParams(params: URLSearchParams): SearchState {
  const sort = params.get('sort');
  const distance = intIn(params.get('distance'), DISTANCE.min, DISTANCE.max, DISTANCE.default);
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    location: (params.get('location') ?? '').slice(0, 100),
    category: /^[a-z0-9-]{0,60}$/.test(params.get('category') ?? '') ? (params.get('category') ?? '') : '',
    sort: SORTS.includes(sort as TSort) ? (sort as TSort) : 'featured',
    distance: distance % DISTANCE.step === 0 ? distance : DISTANCE.default,
    minExperience: intIn(params.get('minExperience'), 0, 30, 0),
    maxResponse: intIn(params.get('maxResponse'), RESPONSE.min, RESPONSE.max, RESPONSE.default),
    verified: params.get('verified') === 'true',
    page: intIn(params.get('page'), 1, 500, 1),
  };
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
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The count line of the spec: '{n} contractor(s) found for "{term}"'. */
export function countLine(total: number, term: string, capped = false): string {
  const noun = total === 1 && !capped ? 'contractor' : 'contractors';
  const n = capped ? `${total}+` : String(total);
  return term.trim() ? `${n} ${noun} found for "${term.trim()}"` : `${n} ${noun} found`;
}

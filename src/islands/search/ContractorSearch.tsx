// The /contractors search island: search box with suggestions, location with "Use my location",
// category and sort selects, the Filters panel, results and pages, with the address bar kept in
// step with the search (back and forward restore it). The prebuilt page already holds the first
// screen of results; the island takes over from there.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  countLine,
  DEFAULT_STATE,
  paramsFromState,
  stateFromParams,
  type SearchState,
} from '../../domain/search-url.ts';
import type { SearchResult, Suggestion, TSort } from '../../schemas/search.ts';
import { pushError } from '../../stores/toasts.ts';
import Toaster from '../shared/Toaster.tsx';
import ContractorCard from './ContractorCard.tsx';
import FiltersPanel from './FiltersPanel.tsx';
import { coordinatesText, GEOLOCATION_OPTIONS, nameOf, type PlaceOption, type Point } from './locate.ts';
import SearchBox from './SearchBox.tsx';

export type { PlaceOption } from './locate.ts';

export interface ServiceOption {
  id: string;
  slug: string;
  name: string;
}

interface Props {
  services: ServiceOption[];
  places: PlaceOption[];
  initial: SearchResult;
}

/** A search runs 300 ms after typing stops. */
const DEBOUNCE_MS = 300;
const SEARCH_FAILED = 'Failed to search contractors';
/** Cards whose photos are on the first screen of a phone or a desktop. */
const FIRST_SCREEN_CARDS = 3;
const SORT_LABELS: Record<TSort, string> = {
  featured: 'Featured',
  rating: 'Rating',
  name: 'Name A-Z',
  location: 'Location',
  experience: 'Experience',
  response_time: 'Response time',
};

const urlOf = (state: SearchState) => {
  const query = paramsFromState(state).toString();
  return query ? `/contractors?${query}` : '/contractors';
};

export default function ContractorSearch({ services, places, initial }: Props) {
  const [state, setState] = useState<SearchState>(DEFAULT_STATE);
  const [result, setResult] = useState<SearchResult>(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [point, setPoint] = useState<Point | null>(null);
  const placesId = useId();
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requestId = useRef(0);

  const run = useCallback(async (next: SearchState, coords: Point | null) => {
    const id = ++requestId.current;
    const params = paramsFromState(next);
    if (coords) {
      params.set('lat', coords.lat.toFixed(5));
      params.set('lng', coords.lng.toFixed(5));
      params.delete('location');
    }
    setLoading(true);
    try {
      const response = await fetch(`/api/search?${params.toString()}`);
      const body = (await response.json()) as SearchResult | { error: string };
      if (id !== requestId.current) return;
      if (!response.ok || 'error' in body) {
        setError('error' in body ? body.error : SEARCH_FAILED);
        return;
      }
      setError(null);
      setResult(body);
    } catch {
      if (id !== requestId.current) return;
      setError(SEARCH_FAILED);
      pushError('Search Error', 'There was an error searching for contractors. Please try again.');
    } finally {
      if (id === requestId.current) setLoading(false);
    }
  }, []);

  // Start from the address bar, and follow back/forward.
  useEffect(() => {
    const fromUrl = () => {
      const params = new URLSearchParams(window.location.search);
      const next = stateFromParams(params, services);
      // The spec's `service={id}` link reads as its category; the address bar says so.
      if (params.has('service')) window.history.replaceState(null, '', urlOf(next));
      setState(next);
      setPoint(null);
      if (window.location.search) void run(next, null);
      else {
        // Back to the plain page: drop any answer still on its way, show the prebuilt results.
        requestId.current += 1;
        setLoading(false);
        setError(null);
        setResult(initial);
      }
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [initial, run, services]);

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const update = (patch: Partial<SearchState>, options: { debounce?: boolean } = {}) => {
    const next = { ...state, page: 1, ...patch };
    setState(next);
    clearTimeout(searchTimer.current);
    const go = () => {
      window.history.pushState(null, '', urlOf(next));
      void run(next, point);
    };
    if (options.debounce) searchTimer.current = setTimeout(go, DEBOUNCE_MS);
    else go();
  };

  const choose = (s: Suggestion) => {
    if (s.kind === 'business') {
      window.location.assign(s.href);
      return;
    }
    if (s.kind === 'city') update({ location: s.value });
    else {
      const service = services.find((x) => x.name === s.value);
      update(service ? { search: '', category: service.slug } : { search: s.value });
    }
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      pushError('Location Error', 'Geolocation is not supported by this browser');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const coords = { lat: position.coords.latitude, lng: position.coords.longitude };
        setPoint(coords);
        void nameOf(places, coords).then((name) => {
          const next = { ...state, page: 1, location: name ?? coordinatesText(coords) };
          setState(next);
          window.history.pushState(null, '', urlOf(next));
          void run(next, coords);
        });
      },
      (err) => {
        setLocating(false);
        pushError('Location Error', err.message);
      },
      GEOLOCATION_OPTIONS,
    );
  };

  const clearAll = () => {
    setPoint(null);
    update({ ...DEFAULT_STATE });
  };

  const totalPages = Math.max(1, Math.ceil(result.total / result.pageSize));

  return (
    <div className="search-island">
      <Toaster />
      <form
        className="search-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({});
        }}
      >
        <SearchBox
          value={state.search}
          onValue={(search) => update({ search }, { debounce: true })}
          onChoose={choose}
        />
        <div>
          <label htmlFor="contractor-location">Location</label>
          <input
            id="contractor-location"
            type="text"
            placeholder="City or ZIP"
            value={state.location}
            maxLength={100}
            list={`${placesId}-places`}
            onChange={(e) => {
              setPoint(null);
              update({ location: e.currentTarget.value }, { debounce: true });
            }}
          />
          <datalist id={`${placesId}-places`}>
            {places.map((p) => (
              <option key={p.slug} value={p.name} />
            ))}
          </datalist>
        </div>
        <button type="button" className="btn secondary" onClick={useMyLocation} disabled={locating}>
          {locating ? 'Locating…' : 'Use my location'}
        </button>
        <div>
          <label htmlFor="contractor-category">Category</label>
          <select
            id="contractor-category"
            value={state.category}
            onChange={(e) => update({ category: e.currentTarget.value })}
          >
            <option value="">All services</option>
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="contractor-sort">Sort by</label>
          <select
            id="contractor-sort"
            value={state.sort}
            onChange={(e) => update({ sort: e.currentTarget.value as TSort })}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn secondary"
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters
        </button>
      </form>

      <FiltersPanel state={state} open={filtersOpen} update={update} />

      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p className="count" aria-live="polite" aria-busy={loading}>
        {countLine(result.total, state.search, result.totalCapped)}
        {result.correctedTerm && ` (showing results for "${result.correctedTerm}")`}
      </p>
      {result.items.length === 0 ? (
        <div className="empty">
          <h2>No contractors found</h2>
          <p>Try another search, a wider distance or fewer filters.</p>
          <button type="button" className="btn" onClick={clearAll}>
            Clear All Filters
          </button>
        </div>
      ) : (
        <ul className="grid results">
          {result.items.map((hit, i) => (
            <li key={hit.id}>
              <ContractorCard hit={hit} first={i < FIRST_SCREEN_CARDS} lead={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            className="btn secondary"
            disabled={state.page <= 1}
            onClick={() => update({ page: state.page - 1 })}
          >
            Previous
          </button>
          <span>
            Page {state.page} of {totalPages}
          </span>
          <button
            type="button"
            className="btn secondary"
            disabled={state.page >= totalPages}
            onClick={() => update({ page: state.page + 1 })}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

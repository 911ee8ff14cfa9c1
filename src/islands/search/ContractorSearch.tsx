// The /contractors search island: search box with suggestions, location with "Use my location",
// category and sort selects, the Filters panel, results and pages, with the address bar kept in
// step with the search (back and forward restore it). The prebuilt page already holds the first
// screen of results; the island takes over from there. The results are ranked without regard to
// payment; the first page's paid placements follow them in their own box, labelled Sponsored.
import { useEffect, useRef, useState } from 'react';
import {
  countLine,
  DEFAULT_STATE,
  paramsFromState,
  stateFromParams,
  type SearchState,
} from './search-url.ts';
import type { SearchResult, Suggestion } from '../../schemas/search.ts';
import { pushError } from '../../stores/toasts.ts';
import Toaster from '../shared/Toaster.tsx';
import ContractorCard from './ContractorCard.tsx';
import FiltersPanel from './FiltersPanel.tsx';
import { coordinatesText, GEOLOCATION_OPTIONS, nameOf, type PlaceOption, type Point } from './locate.ts';
import SearchBox from './SearchBox.tsx';
import SearchControls from './SearchControls.tsx';
import { useSearchResults } from './use-search-results.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { SPONSORED_IN_SEARCH, SPONSORED_LABEL } from '../../domain/ranking.ts';
import { withQueries } from '../shared/query.tsx';

interface ServiceOption {
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
/** Cards whose photos are on the first screen of a phone or a desktop. */
const FIRST_SCREEN_CARDS = 3;

const urlOf = (state: SearchState) => {
  const query = paramsFromState(state).toString();
  return query ? `/contractors?${query}` : '/contractors';
};

function ContractorSearch({ services, places, initial }: Props) {
  const [state, setState] = useState<SearchState>(DEFAULT_STATE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const { result, loading, error, run, showInitial } = useSearchResults(initial);
  /** The point "Use my location" found: searches go around it until a place is chosen again. */
  const point = useRef<Point | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Start from the address bar, and follow back/forward.
  useEffect(() => {
    const fromUrl = () => {
      const params = new URLSearchParams(window.location.search);
      const next = stateFromParams(params, services, places);
      // The spec's `service={id}` link reads as its category, a place's slug as its name; the
      // address bar says so.
      if (params.has('service') || next.location !== (params.get('location') ?? '').trim())
        window.history.replaceState(null, '', urlOf(next));
      setState(next);
      point.current = null;
      if (window.location.search) run(next, null);
      else showInitial();
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [run, services, places, showInitial]);

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const update = (patch: Partial<SearchState>, options: { debounce?: boolean } = {}) => {
    const next = { ...state, page: 1, ...patch };
    setState(next);
    clearTimeout(searchTimer.current);
    const go = () => {
      window.history.pushState(null, '', urlOf(next));
      run(next, point.current);
    };
    if (options.debounce) searchTimer.current = setTimeout(go, DEBOUNCE_MS);
    else go();
  };

  /** A typed or chosen place replaces the point "Use my location" found. */
  const setLocation = (location: string, options: { debounce?: boolean } = {}) => {
    point.current = null;
    update({ location }, options);
  };

  const choose = (s: Suggestion) => {
    if (s.kind === 'business') {
      window.location.assign(s.href);
      return;
    }
    if (s.kind === 'city') setLocation(s.value);
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
        point.current = coords;
        void nameOf(places, coords).then((name) => {
          const next = { ...state, page: 1, location: name ?? coordinatesText(coords) };
          setState(next);
          window.history.pushState(null, '', urlOf(next));
          run(next, coords);
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
    point.current = null;
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
        <SearchControls
          state={state}
          services={services}
          places={places}
          locating={locating}
          filtersOpen={filtersOpen}
          onLocation={(location) => setLocation(location, { debounce: true })}
          onUseMyLocation={useMyLocation}
          onChange={(patch) => update(patch)}
          onToggleFilters={() => setFiltersOpen((o) => !o)}
        />
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
      {result.items.length > 0 && result.sponsored.length > 0 && (
        <section className="sponsored" aria-labelledby="search-sponsored">
          <h2 id="search-sponsored">{SPONSORED_LABEL}</h2>
          <p className="muted">{SPONSORED_IN_SEARCH}</p>
          <ul className="grid results">
            {result.sponsored.map((hit) => (
              <li key={hit.id}>
                <ContractorCard hit={hit} sponsored />
              </li>
            ))}
          </ul>
        </section>
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

/** The island, inside the error boundary every island root has. */
export default withBoundary(withQueries(ContractorSearch));

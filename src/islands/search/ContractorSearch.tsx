// The /contractors search island: search box with suggestions (ARIA combobox), location with
// "Use my location", category and sort selects, a Filters panel, results, and the address bar
// kept in step with the search (back and forward restore it).
import type { TargetedKeyboardEvent } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  countLine,
  DEFAULT_STATE,
  paramsFromState,
  stateFromParams,
  type SearchState,
} from '../../domain/search-url.ts';
import { nearestPlace } from '../../domain/gazetteer.ts';
import { distanceMiles } from '../../domain/geo.ts';
import { DISTANCE, EXPERIENCE, NEAR_MILES, RESPONSE, type TSort } from '../../domain/search-constants.ts';
import type { SearchHit, SearchResult } from '../../server/search/search-businesses.ts';
import type { Suggestion } from '../../server/search/suggest.ts';
import { pushToast } from '../../stores/toasts.ts';
import Toaster from '../shared/Toaster.tsx';

export interface ServiceOption {
  slug: string;
  name: string;
}

export interface PlaceOption {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}

interface Props {
  services: ServiceOption[];
  places: PlaceOption[];
  initial: SearchResult;
}

const DEBOUNCE_MS = 300;
const SORT_LABELS: Record<TSort, string> = {
  featured: 'Featured',
  rating: 'Rating',
  name: 'Name A-Z',
  location: 'Location',
  experience: 'Experience',
  response_time: 'Response time',
};

function Card({ hit }: { hit: SearchHit }) {
  const [imageFailed, setImageFailed] = useState(false);
  const extra = hit.specialties.length - 3;
  return (
    <article className="card contractor-card">
      {hit.image && !imageFailed ? (
        <img
          src={hit.image}
          alt={`${hit.name} project photo`}
          width={400}
          height={300}
          loading="lazy"
          onError={() => setImageFailed(true)}
        />
      ) : (
        <div className="image-missing">Image not available</div>
      )}
      <div className="body">
        <p className="badges">
          {hit.featured && <span className="badge featured">Featured</span>}
          {hit.verified && <span className="badge">Verified</span>}
        </p>
        <h2 className="card-title">
          <a href={`/contractor/${hit.slug}`}>{hit.name}</a>
        </h2>
        <p className="muted">
          {hit.category} · {hit.city}, {hit.state}
          {hit.distanceMiles !== null && ` · ${hit.distanceMiles.toFixed(1)} mi`}
        </p>
        <p className="stars">
          {hit.averageRating !== null && hit.totalReviews > 0
            ? `★ ${hit.averageRating.toFixed(1)} (${hit.totalReviews} ${hit.totalReviews === 1 ? 'review' : 'reviews'})`
            : 'No reviews yet'}
        </p>
        <p className="muted">
          Responds in {hit.responseTimeHours ?? 24}h
          {hit.yearsInBusiness !== null && ` · ${hit.yearsInBusiness} years`}
        </p>
        {hit.specialties.length > 0 && (
          <ul className="tags" aria-label="Specialties">
            {hit.specialties.slice(0, 3).map((s) => (
              <li key={s}>{s}</li>
            ))}
            {extra > 0 && <li>+{extra} more</li>}
          </ul>
        )}
      </div>
    </article>
  );
}

export default function ContractorSearch({ services, places, initial }: Props) {
  const [state, setState] = useState<SearchState>(DEFAULT_STATE);
  const [result, setResult] = useState<SearchResult>(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const listId = useId();
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggestTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requestId = useRef(0);

  const run = useCallback(async (next: SearchState, coords: { lat: number; lng: number } | null) => {
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
        setError('error' in body ? body.error : 'Failed to search contractors');
        return;
      }
      setError(null);
      setResult(body);
    } catch {
      if (id !== requestId.current) return;
      setError('Failed to search contractors');
      pushToast({
        title: 'Search Error',
        description: 'There was an error searching for contractors. Please try again.',
        variant: 'destructive',
      });
    } finally {
      if (id === requestId.current) setLoading(false);
    }
  }, []);

  // Start from the address bar, and follow back/forward.
  useEffect(() => {
    const fromUrl = () => {
      const next = stateFromParams(new URLSearchParams(window.location.search));
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
  }, [initial, run]);

  const update = (patch: Partial<SearchState>, options: { debounce?: boolean } = {}) => {
    const next = { ...state, page: 1, ...patch };
    setState(next);
    clearTimeout(searchTimer.current);
    const go = () => {
      const query = paramsFromState(next).toString();
      window.history.pushState(null, '', query ? `/contractors?${query}` : '/contractors');
      void run(next, point);
    };
    if (options.debounce) searchTimer.current = setTimeout(go, DEBOUNCE_MS);
    else go();
  };

  const onSearchInput = (value: string) => {
    update({ search: value }, { debounce: true });
    clearTimeout(suggestTimer.current);
    setActive(-1);
    if (value.trim().length < 2) {
      setSuggestions([]);
      return;
    }
    suggestTimer.current = setTimeout(() => {
      void fetch(
        `/api/suggest?${new URLSearchParams({ q: value.trim(), context: 'contractors' }).toString()}`,
      )
        .then((r) => (r.ok ? (r.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then((body) => setSuggestions(body.suggestions))
        .catch(() => setSuggestions([]));
    }, DEBOUNCE_MS);
  };

  const choose = (s: Suggestion) => {
    setSuggestions([]);
    setActive(-1);
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

  const onKeyDown = (event: TargetedKeyboardEvent<HTMLInputElement>) => {
    if (!suggestions.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape') {
      setSuggestions([]);
      setActive(-1);
    }
  };

  /** A place name for a point: one of our places when near (no request), else the server's
   * reverse look-up; null (raw coordinates) when that fails. */
  const nameOf = async (coords: { lat: number; lng: number }): Promise<string | null> => {
    const place = nearestPlace(places, coords.lat, coords.lng);
    if (place && distanceMiles(place, { latitude: coords.lat, longitude: coords.lng }) <= NEAR_MILES) {
      return place.name;
    }
    try {
      const response = await fetch(`/api/geocode?lat=${coords.lat.toFixed(5)}&lng=${coords.lng.toFixed(5)}`);
      return response.ok ? ((await response.json()) as { name: string }).name : null;
    } catch {
      return null;
    }
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      pushToast({
        title: 'Location Error',
        description: 'Geolocation is not supported by this browser',
        variant: 'destructive',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const coords = { lat: position.coords.latitude, lng: position.coords.longitude };
        setPoint(coords);
        void nameOf(coords).then((name) => {
          const next = {
            ...state,
            page: 1,
            location: name ?? `${coords.lat.toFixed(4)}, ${coords.lng.toFixed(4)}`,
          };
          setState(next);
          window.history.pushState(null, '', `/contractors?${paramsFromState(next).toString()}`);
          void run(next, coords);
        });
      },
      (err) => {
        setLocating(false);
        pushToast({ title: 'Location Error', description: err.message, variant: 'destructive' });
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const clearAll = () => {
    setPoint(null);
    setSuggestions([]);
    update({ ...DEFAULT_STATE });
  };

  const totalPages = Math.max(1, Math.ceil(result.total / result.pageSize));

  return (
    <div className="search-island">
      <Toaster />
      <form className="search-bar" role="search" onSubmit={(e) => (e.preventDefault(), update({}))}>
        <div className="combo">
          <label htmlFor="contractor-search">Search contractors</label>
          <input
            id="contractor-search"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={suggestions.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            placeholder="Service, business or city"
            value={state.search}
            maxLength={200}
            onInput={(e) => onSearchInput(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setSuggestions([]), 150)}
          />
          {suggestions.length > 0 && (
            <ul id={listId} role="listbox" aria-label="Suggestions" className="suggest">
              {suggestions.map((s, i) => (
                <li
                  key={`${s.kind}-${s.href}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => (e.preventDefault(), choose(s))}
                >
                  {s.label}{' '}
                  <span className="muted">
                    {s.kind === 'service' ? 'Service' : s.kind === 'business' ? 'Contractor' : 'City'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <label htmlFor="contractor-location">Location</label>
          <input
            id="contractor-location"
            type="text"
            placeholder="City or ZIP"
            value={state.location}
            maxLength={100}
            list={`${listId}-places`}
            onInput={(e) => {
              setPoint(null);
              update({ location: e.currentTarget.value }, { debounce: true });
            }}
          />
          <datalist id={`${listId}-places`}>
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

      <fieldset id="search-filters" className="filters" hidden={!filtersOpen}>
        <legend>Filters</legend>
        <label>
          Distance: {state.distance} miles
          <input
            type="range"
            min={DISTANCE.min}
            max={DISTANCE.max}
            step={DISTANCE.step}
            value={state.distance}
            onInput={(e) => update({ distance: Number(e.currentTarget.value) }, { debounce: true })}
          />
        </label>
        <label>
          Minimum experience: {state.minExperience} years
          <input
            type="range"
            min={EXPERIENCE.min}
            max={EXPERIENCE.max}
            value={state.minExperience}
            onInput={(e) => update({ minExperience: Number(e.currentTarget.value) }, { debounce: true })}
          />
        </label>
        <label>
          Maximum response time: {state.maxResponse} hours
          <input
            type="range"
            min={RESPONSE.min}
            max={RESPONSE.max}
            value={state.maxResponse}
            onInput={(e) => update({ maxResponse: Number(e.currentTarget.value) }, { debounce: true })}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={state.verified}
            onChange={(e) => update({ verified: e.currentTarget.checked })}
          />{' '}
          Verified only
        </label>
      </fieldset>

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
          {result.items.map((hit) => (
            <li key={hit.id}>
              <Card hit={hit} />
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

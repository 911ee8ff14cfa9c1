// The search bar's controls besides the search box: location (with the area's places) and "Use my
// location", category, sort, and the Filters toggle.
import { useId } from 'react';
import type { SearchState } from './search-url.ts';
import type { TSort } from '../../schemas/search.ts';
import type { PlaceOption } from './locate.ts';

const SORT_LABELS: Record<TSort, string> = {
  best: 'Best match',
  rating: 'Rating',
  name: 'Name A-Z',
  location: 'Location',
  experience: 'Experience',
  response_time: 'Response time',
};

export default function SearchControls(props: {
  state: SearchState;
  services: readonly { slug: string; name: string }[];
  places: readonly PlaceOption[];
  locating: boolean;
  filtersOpen: boolean;
  onLocation: (location: string) => void;
  onUseMyLocation: () => void;
  onChange: (patch: Partial<SearchState>) => void;
  onToggleFilters: () => void;
}) {
  const placesId = useId();
  const { state } = props;
  return (
    <>
      <div>
        <label htmlFor="contractor-location">Location</label>
        <input
          id="contractor-location"
          type="text"
          placeholder="City or ZIP"
          value={state.location}
          maxLength={100}
          list={placesId}
          onChange={(e) => props.onLocation(e.currentTarget.value)}
        />
        <datalist id={placesId}>
          {props.places.map((p) => (
            <option key={p.slug} value={p.name} />
          ))}
        </datalist>
      </div>
      <button
        type="button"
        className="btn secondary"
        onClick={props.onUseMyLocation}
        disabled={props.locating}
      >
        {props.locating ? 'Locating…' : 'Use my location'}
      </button>
      <div>
        <label htmlFor="contractor-category">Category</label>
        <select
          id="contractor-category"
          value={state.category}
          onChange={(e) => props.onChange({ category: e.currentTarget.value })}
        >
          <option value="">All services</option>
          {props.services.map((s) => (
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
          onChange={(e) => props.onChange({ sort: e.currentTarget.value as TSort })}
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
        aria-expanded={props.filtersOpen}
        aria-controls="search-filters"
        onClick={props.onToggleFilters}
      >
        Filters
      </button>
    </>
  );
}

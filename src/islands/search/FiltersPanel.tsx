// The Filters panel: distance, minimum experience, maximum response time, verified only.
import type { SearchState } from './search-url.ts';
import { DISTANCE, EXPERIENCE, RESPONSE } from '../../schemas/search.ts';

type Update = (patch: Partial<SearchState>, options?: { debounce?: boolean }) => void;

export default function FiltersPanel({
  state,
  open,
  update,
}: {
  state: SearchState;
  open: boolean;
  update: Update;
}) {
  return (
    <fieldset id="search-filters" className="filters" hidden={!open}>
      <legend>Filters</legend>
      <label>
        Distance: {state.distance} miles
        <input
          type="range"
          min={DISTANCE.min}
          max={DISTANCE.max}
          step={DISTANCE.step}
          value={state.distance}
          onChange={(e) => update({ distance: Number(e.currentTarget.value) }, { debounce: true })}
        />
      </label>
      <label>
        Minimum experience: {state.minExperience} years
        <input
          type="range"
          min={EXPERIENCE.min}
          max={EXPERIENCE.max}
          value={state.minExperience}
          onChange={(e) => update({ minExperience: Number(e.currentTarget.value) }, { debounce: true })}
        />
      </label>
      <label>
        Maximum response time: {state.maxResponse} hours
        <input
          type="range"
          min={RESPONSE.min}
          max={RESPONSE.max}
          value={state.maxResponse}
          onChange={(e) => update({ maxResponse: Number(e.currentTarget.value) }, { debounce: true })}
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
  );
}

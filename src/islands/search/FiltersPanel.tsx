// The Filters panel: distance, minimum experience, maximum response time, verified only, and the
// price bounds (against each contractor's average project cost).
import { useId, useState } from 'react';
import type { SearchState } from './search-url.ts';
import { formatCount } from '../../domain/format.ts';
import { DISTANCE, EXPERIENCE, PRICE, PRICE_MESSAGES, RESPONSE } from '../../schemas/search.ts';

type Update = (patch: Partial<SearchState>, options?: { debounce?: boolean }) => void;

/** A typed bound: '' is no bound; anything else a whole number of dollars in range, or invalid. */
function boundOf(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isInteger(n) && n >= PRICE.min && n <= PRICE.max ? n : 'invalid';
}

const RANGE_MESSAGE = `Enter whole dollars from ${PRICE.min} to ${formatCount(PRICE.max)}`;

function PriceBounds({ state, update }: { state: SearchState; update: Update }) {
  const id = useId();
  const [text, setText] = useState({
    min: state.priceMin === undefined ? '' : String(state.priceMin),
    max: state.priceMax === undefined ? '' : String(state.priceMax),
  });
  // The address bar (back, forward, Clear All Filters) replaces what is typed.
  const [seen, setSeen] = useState({ min: state.priceMin, max: state.priceMax });
  if (seen.min !== state.priceMin || seen.max !== state.priceMax) {
    setSeen({ min: state.priceMin, max: state.priceMax });
    const typed = { min: boundOf(text.min), max: boundOf(text.max) };
    if (typed.min !== state.priceMin || typed.max !== state.priceMax) {
      setText({
        min: state.priceMin === undefined ? '' : String(state.priceMin),
        max: state.priceMax === undefined ? '' : String(state.priceMax),
      });
    }
  }
  const min = boundOf(text.min);
  const max = boundOf(text.max);
  const error =
    min === 'invalid' || max === 'invalid'
      ? RANGE_MESSAGE
      : min !== undefined && max !== undefined && max < min
        ? PRICE_MESSAGES.order
        : null;

  const change = (which: 'min' | 'max', value: string) => {
    const next = { ...text, [which]: value };
    setText(next);
    const lo = boundOf(next.min);
    const hi = boundOf(next.max);
    if (lo === 'invalid' || hi === 'invalid') return;
    if (lo !== undefined && hi !== undefined && hi < lo) return;
    setSeen({ min: lo, max: hi });
    update({ priceMin: lo, priceMax: hi }, { debounce: true });
  };

  const input = (which: 'min' | 'max', label: string) => (
    <label>
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={PRICE.min}
        max={PRICE.max}
        step={PRICE.step}
        placeholder={which === 'min' ? 'No minimum' : 'No maximum'}
        value={text[which]}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => change(which, e.currentTarget.value)}
      />
    </label>
  );

  return (
    <fieldset className="price-bounds">
      <legend>Average project price ($)</legend>
      <div className="price-inputs">
        {input('min', 'Minimum price')}
        {input('max', 'Maximum price')}
      </div>
      <p id={`${id}-help`} className="muted hint">
        Contractors whose average project falls in this range; those who state no price are left out.
      </p>
      {error && (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

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
      <PriceBounds state={state} update={update} />
    </fieldset>
  );
}

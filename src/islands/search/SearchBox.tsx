// The search box with suggestions (WAI-ARIA combobox with a listbox): asked for as the user types,
// moved through with the arrow keys, chosen with Enter or a click, closed with Escape or on blur.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_TERM, type Suggestion } from '../../schemas/search.ts';
import {
  CLOSE_ON_BLUR_MS,
  fetchSuggestions,
  KIND_LABELS,
  listKey,
  moveActive,
  SUGGEST_DEBOUNCE_MS,
} from '../shared/suggestions.ts';

export default function SearchBox(props: {
  value: string;
  onValue: (value: string) => void;
  onChoose: (suggestion: Suggestion) => void;
}) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asked = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    asked.current += 1;
    setSuggestions([]);
    setActive(-1);
  };

  const onInput = (value: string) => {
    props.onValue(value);
    clearTimeout(timer.current);
    setActive(-1);
    const id = ++asked.current;
    timer.current = setTimeout(() => {
      void fetchSuggestions(value, 'contractors').then((found) => {
        if (id === asked.current) setSuggestions(found);
      });
    }, SUGGEST_DEBOUNCE_MS);
  };

  const choose = (s: Suggestion) => {
    close();
    props.onChoose(s);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = suggestions.length ? listKey(event.key) : null;
    if (key === 'next' || key === 'previous') {
      event.preventDefault();
      setActive((i) => moveActive(i, suggestions.length, key));
    } else if (key === 'choose' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (key === 'close') close();
  };

  return (
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
        value={props.value}
        maxLength={MAX_TERM}
        onChange={(e) => onInput(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(close, CLOSE_ON_BLUR_MS)}
      />
      {suggestions.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Suggestions" className="suggest">
          {suggestions.map((s, i) => (
            <li
              key={`${s.kind}-${s.href}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
            >
              {s.label} <span className="muted">{KIND_LABELS[s.kind]}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

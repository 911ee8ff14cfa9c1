// The home page's search box suggestions, without a framework (the home page ships none): the
// same suggestion logic as the /contractors island (src/islands/shared/suggestions.ts) over the
// prebuilt combobox markup. At most 6 suggestions (context "home"); a service opens the search
// filtered by it, a contractor their profile, a city the search there.
import type { Suggestion } from '../../schemas/search.ts';
import {
  CLOSE_ON_BLUR_MS,
  fetchSuggestions,
  listKey,
  moveActive,
  SUGGEST_DEBOUNCE_MS,
} from '../shared/suggestions.ts';

/** Where a chosen suggestion leads from the home page. */
function targetOf(s: Suggestion): string {
  return s.kind === 'service'
    ? `/contractors?category=${encodeURIComponent(s.href.split('/').pop() ?? '')}`
    : s.href;
}

export function attachHomeSearch(input: HTMLInputElement, list: HTMLUListElement): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  let active = -1;
  let items: Suggestion[] = [];

  const go = (s: Suggestion) => window.location.assign(targetOf(s));

  const render = () => {
    list.replaceChildren(
      ...items.map((s, k) => {
        const li = document.createElement('li');
        li.id = `hs-${k}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(k === active));
        li.textContent = s.label;
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          go(s);
        });
        return li;
      }),
    );
    list.hidden = items.length === 0;
    input.setAttribute('aria-expanded', String(items.length > 0));
    if (active >= 0) input.setAttribute('aria-activedescendant', `hs-${active}`);
    else input.removeAttribute('aria-activedescendant');
  };

  const close = () => {
    asked += 1;
    items = [];
    active = -1;
    render();
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const id = ++asked;
    timer = setTimeout(() => {
      void fetchSuggestions(input.value, 'home').then((found) => {
        if (id !== asked) return;
        items = found;
        active = -1;
        render();
      });
    }, SUGGEST_DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (e) => {
    const key = items.length ? listKey(e.key) : null;
    if (key === 'next' || key === 'previous') {
      e.preventDefault();
      active = moveActive(active, items.length, key);
      render();
    } else if (key === 'choose' && active >= 0) {
      e.preventDefault();
      go(items[active]!);
    } else if (key === 'close') close();
  });
  input.addEventListener('blur', () => setTimeout(close, CLOSE_ON_BLUR_MS));
}

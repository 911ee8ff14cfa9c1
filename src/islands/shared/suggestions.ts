// Search-box suggestions in the browser, shared by the /contractors island and the home page's
// plain script (no framework there): when to ask, asking, and moving through the list by keyboard.
import type { Suggestion } from '../../schemas/search.ts';

/** Suggestions start at 2 characters, asked for 300 ms after typing stops. */
const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 300;
/** Long enough for a click on a suggestion to land before the list closes on blur. */
export const CLOSE_ON_BLUR_MS = 150;

/** The suggestions for what was typed; none (never an error) when it is too short or fails. */
export async function fetchSuggestions(text: string, context: 'home' | 'contractors'): Promise<Suggestion[]> {
  const q = text.trim();
  if (q.length < SUGGEST_MIN_CHARS) return [];
  try {
    const response = await fetch(`/api/suggest?${new URLSearchParams({ q, context }).toString()}`);
    return response.ok ? ((await response.json()) as { suggestions: Suggestion[] }).suggestions : [];
  } catch {
    return [];
  }
}

export type ListKey = 'next' | 'previous' | 'choose' | 'close';

/** What a key does in an open suggestion list (combobox pattern); null for other keys. */
export function listKey(key: string): ListKey | null {
  return key === 'ArrowDown'
    ? 'next'
    : key === 'ArrowUp'
      ? 'previous'
      : key === 'Enter'
        ? 'choose'
        : key === 'Escape'
          ? 'close'
          : null;
}

/** The highlighted entry after moving down or up a list of `count` (wrapping; -1 is none). */
export function moveActive(active: number, count: number, move: 'next' | 'previous'): number {
  if (count === 0) return -1;
  return move === 'next' ? (active + 1) % count : active <= 0 ? count - 1 : active - 1;
}

export const KIND_LABELS: Record<Suggestion['kind'], string> = {
  service: 'Service',
  business: 'Contractor',
  city: 'City',
};

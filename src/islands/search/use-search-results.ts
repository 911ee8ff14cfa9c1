// The search island's answers: runs /api/search for a state (and, after "Use my location", a
// point), keeps only the newest answer when several are on their way, and can go back to the
// prebuilt first screen. A search the network failed is run again when the connection comes back.
import { useCallback, useRef, useState } from 'react';
import { useBackOnline } from '../shared/back-online.ts';
import { paramsFromState, type SearchState } from './search-url.ts';
import type { SearchResult } from '../../schemas/search.ts';
import { pushError } from '../../stores/toasts.ts';
import type { Point } from './locate.ts';

const SEARCH_FAILED = 'Failed to search contractors';

export function useSearchResults(initial: SearchResult) {
  const [result, setResult] = useState<SearchResult>(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef(0);
  /** The newest search, while the network failed it: run again on the back-online event. */
  const [failed, setFailed] = useState<{ state: SearchState; point: Point | null } | null>(null);

  const run = useCallback(async (state: SearchState, point: Point | null) => {
    const id = ++requestId.current;
    const params = paramsFromState(state);
    if (point) {
      params.set('lat', point.lat.toFixed(5));
      params.set('lng', point.lng.toFixed(5));
      params.delete('location');
    }
    setLoading(true);
    setFailed(null);
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
      setFailed({ state, point });
      pushError('Search Error', 'There was an error searching for contractors. Please try again.');
    } finally {
      if (id === requestId.current) setLoading(false);
    }
  }, []);

  /** Back to the prebuilt results, dropping any answer still on its way. */
  const showInitial = useCallback(() => {
    requestId.current += 1;
    setLoading(false);
    setError(null);
    setFailed(null);
    setResult(initial);
  }, [initial]);

  useBackOnline(failed !== null, () => {
    if (failed) void run(failed.state, failed.point);
  });

  return { result, loading, error, run, showInitial };
}

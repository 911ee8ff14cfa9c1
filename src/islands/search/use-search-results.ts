// The search island's answers: runs /api/search for a state (and, after "Use my location", a
// point) as a query, keeps only the newest answer when several are on their way (each run is its
// own query; the one before is cancelled), and can go back to the prebuilt first screen. The
// results and the error on screen stay until the next answer replaces them. A search the network
// failed is run again when the connection comes back (the query layer's rule: ../shared/query.tsx).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { paramsFromState, type SearchState } from './search-url.ts';
import type { SearchResult } from '../../schemas/search.ts';
import { pushError } from '../../stores/toasts.ts';
import { api } from '../shared/api.ts';
import { ReadError } from '../shared/read.ts';
import type { Point } from './locate.ts';

const SEARCH_FAILED = 'Failed to search contractors';

async function searchFor(url: string, signal: AbortSignal): Promise<SearchResult> {
  const answer = await api<SearchResult>('GET', url, undefined, { signal });
  if (answer.ok && !answer.body.error) return answer.body;
  if (signal.aborted) throw new ReadError(SEARCH_FAILED, 0);
  // No answer, or none that could be read: the visitor is told in a toast too.
  if (answer.status === 0 || !answer.body.error)
    pushError('Search Error', 'There was an error searching for contractors. Please try again.');
  throw new ReadError(answer.body.error ?? SEARCH_FAILED, answer.status);
}

export function useSearchResults(initial: SearchResult) {
  /** The newest search asked for (each run counts, even of the same state); null: the prebuilt one. */
  const [asked, setAsked] = useState<{ url: string; run: number } | null>(null);
  const runs = useRef(0);
  const search = useQuery({
    queryKey: ['search', asked?.url ?? null, asked?.run ?? 0],
    queryFn: ({ signal }) => searchFor(asked?.url ?? '', signal),
    enabled: asked !== null,
    gcTime: 0,
  });

  // What is on screen stays until the next answer: the last results, the last error.
  const [result, setResult] = useState<SearchResult>(initial);
  const [error, setError] = useState<string | null>(null);
  if (search.data !== undefined && search.data !== result) setResult(search.data);
  const failure = search.isError ? search.error.message : search.isSuccess ? null : error;
  if (failure !== error) setError(failure);

  const run = useCallback((state: SearchState, point: Point | null) => {
    const params = paramsFromState(state);
    if (point) {
      params.set('lat', point.lat.toFixed(5));
      params.set('lng', point.lng.toFixed(5));
      params.delete('location');
    }
    runs.current += 1;
    setAsked({ url: `/api/search?${params.toString()}`, run: runs.current });
  }, []);

  /** Back to the prebuilt results, dropping any answer still on its way. */
  const showInitial = useCallback(() => {
    setAsked(null);
    setError(null);
    setResult(initial);
  }, [initial]);

  return { result, loading: search.isFetching, error, run, showInitial };
}

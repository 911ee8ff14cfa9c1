// The islands' one client data layer (TanStack Query, docs/decisions.md): every read goes through
// `read` (api()'s GET) inside a query, so retries, caching and the refetch once the connection is
// back are written here once. The defaults keep what the islands did by hand: a read is tried once
// and fails at once (billing asks for its own retries: billing-query.ts), nothing is read again
// on a window's focus, and a read the network failed is read again when the connection comes back
// (the offline banner's back-online event or the browser's own 'online'). Each island is its own
// React root with its own client (`withQueries`): a page rendered on the server shares nothing
// between visitors.
import {
  onlineManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
  type Query,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useState, type ComponentType } from 'react';
import { BACK_ONLINE_EVENT } from '../../domain/app-chrome.ts';
import { read, ReadError } from './read.ts';

/**
 * One GET of `url` as a query keyed by the URL itself (nothing while `enabled` is false), and the
 * setter a write calls with the server's new state, so what is shown is the answer it gave.
 * What was read goes with the component that read it (`gcTime: 0`): a tab opened again reads
 * afresh before it shows a form, as the islands always did, so no form starts from a copy the
 * server has since changed, and no read still on its way can land on top of a write's answer.
 */
export function useRead<T>(url: string, enabled = true): [UseQueryResult<T>, Put<T>] {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => read<T>(url, signal),
    enabled,
    gcTime: 0,
  });
  const put = useCallback<Put<T>>(
    (state) =>
      client.setQueryData<T>([url], (current) => {
        // The states read are JSON objects, never functions: a function is a change to apply.
        if (typeof state !== 'function') return state;
        return current === undefined ? current : (state as (current: T) => T)(current);
      }),
    [client, url],
  );
  return [query, put];
}

/** Sets what a read shows: the new state, or a change to the state it shows (nothing if none). */
type Put<T> = (state: T | ((current: T) => T)) => void;

/** True for an error of a read the network failed: it is read again once the connection is back. */
function failedForNetwork(error: unknown): boolean {
  return error instanceof ReadError && error.status === 0;
}

const readAgainWhenBack = (query: Query) =>
  query.state.status === 'error' && failedForNetwork(query.state.error) ? 'always' : false;

/** A client with the islands' defaults (one per island root). */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        // A read is tried even while the browser says it is offline: it fails and says so, as
        // before, rather than waiting silently; the connection's return reads it again.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: readAgainWhenBack,
      },
    },
  });
}

// The connection as the queries see it: the browser's offline and online events, and the offline
// banner's back-online event. Each return is told to the clients even when the browser never said
// it was offline (off and on again), so what failed is read again.
onlineManager.setEventListener((setOnline) => {
  if (typeof window === 'undefined') return undefined;
  const offline = () => setOnline(false);
  const back = () => {
    setOnline(false);
    setOnline(true);
  };
  addEventListener('offline', offline);
  addEventListener('online', back);
  addEventListener(BACK_ONLINE_EVENT, back);
  return () => {
    removeEventListener('offline', offline);
    removeEventListener('online', back);
    removeEventListener(BACK_ONLINE_EVENT, back);
  };
});

/** An island's root with its own query client: `export default withBoundary(withQueries(Island))`. */
export function withQueries<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    const [client] = useState(newQueryClient);
    return (
      <QueryClientProvider client={client}>
        <Island {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `withQueries(${Island.displayName ?? Island.name})`;
  return WithQueries;
}

// A list the admin pages read in keyset pages (an infinite query): the first page whenever the
// query changes (the rows before stay until it comes back), then "more" appends the next page from
// the cursor the last one gave. One hook for every paged admin list. A list the network failed is
// read again once the connection is back (the query layer's rule: ../../shared/query.tsx).
import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { read } from '../../shared/read.ts';

export interface KeysetList<T> {
  rows: T[];
  /** Changes the rows in place after an action (a row replaced or taken out), page by page. */
  setRows: (update: (rows: T[]) => T[]) => void;
  cursor: string | null;
  loading: boolean;
  error: string | null;
  more: () => Promise<void>;
}

interface Rows<T> {
  rows: T[];
  nextCursor: string | null;
}

/** `query`'s empty values are left out; `pick` takes the rows out of a page. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- Page is the answer's type, read inside
export function useKeysetList<Page extends { nextCursor: string | null }, T>(
  path: string,
  query: Record<string, string>,
  pick: (page: Page) => T[],
): KeysetList<T> {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString();
  const queryKey = ['keyset', path, search];
  const client = useQueryClient();
  const list = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<Rows<T>> => {
      const params = new URLSearchParams(search);
      if (pageParam) params.set('cursor', pageParam);
      const page = await read<Page>(`${path}?${params.toString()}`, signal);
      return { rows: pick(page), nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

  const setRows = (update: (rows: T[]) => T[]) => {
    client.setQueryData<InfiniteData<Rows<T>, string | null>>(
      queryKey,
      (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, rows: update(p.rows) })) },
    );
  };

  return {
    rows: list.data?.pages.flatMap((p) => p.rows) ?? [],
    setRows,
    cursor: list.data?.pages.at(-1)?.nextCursor ?? null,
    loading: list.isFetching,
    error: list.error?.message ?? null,
    more: async () => {
      if (list.hasNextPage) await list.fetchNextPage();
    },
  };
}

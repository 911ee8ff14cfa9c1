// A list the admin pages read in keyset pages: the first page whenever the query changes, then
// "more" appends the next page from the cursor the last one gave. One hook for the users, the
// activity log and the three contractor lists. A first page the network failed is read again on
// the app's back-online event.
import { useEffect, useState } from 'react';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useBackOnline } from '../shared/back-online.ts';

export interface KeysetList<T> {
  rows: T[];
  setRows: (update: (rows: T[]) => T[]) => void;
  cursor: string | null;
  loading: boolean;
  error: string | null;
  more: () => Promise<void>;
}

/** `query`'s empty values are left out; `pick` takes the rows out of a page. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- Page is the answer's type, read inside
export function useKeysetList<Page extends { nextCursor: string | null }, T>(
  path: string,
  query: Record<string, string>,
  pick: (page: Page) => T[],
): KeysetList<T> {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '')).toString();
  const [rows, setRows] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  /** The query whose first page has come back: loading until it is the current one. */
  const [answered, setAnswered] = useState<string | null>(null);
  const [fetchingMore, setFetchingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Each reading of the first page; the network's failure waits for the back-online event. */
  const [attempt, setAttempt] = useState(0);
  const [unreachable, setUnreachable] = useState(false);

  const page = (from: string | null) => {
    const params = new URLSearchParams(search);
    if (from) params.set('cursor', from);
    return api<Page>('GET', `${path}?${params.toString()}`);
  };

  useEffect(() => {
    let live = true;
    void page(null).then((answer) => {
      if (!live) return;
      setAnswered(search);
      setUnreachable(answer.status === 0);
      setError(answer.ok ? null : (answer.body.error ?? UNEXPECTED));
      if (!answer.ok) return;
      setRows(pick(answer.body));
      setCursor(answer.body.nextCursor);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is fixed by its path and query
  }, [path, search, attempt]);

  useBackOnline(unreachable, () => setAttempt((n) => n + 1));

  const more = async () => {
    if (!cursor) return;
    setFetchingMore(true);
    const answer = await page(cursor);
    setFetchingMore(false);
    if (!answer.ok) return setError(answer.body.error ?? UNEXPECTED);
    setRows((previous) => [...previous, ...pick(answer.body)]);
    setCursor(answer.body.nextCursor);
  };

  return { rows, setRows, cursor, loading: answered !== search || fetchingMore, error, more };
}

// The admin lists' "Show more …" button: there while the list has another page, and "Loading…"
// while one is read.
import type { KeysetList } from './use-keyset-list.ts';

export default function LoadMore<T>(props: { list: KeysetList<T>; label: string }) {
  const { list } = props;
  return (
    <>
      {list.cursor && (
        <button
          type="button"
          className="btn secondary"
          disabled={list.loading}
          onClick={() => void list.more()}
        >
          {props.label}
        </button>
      )}
      {list.loading && <p className="muted">Loading…</p>}
    </>
  );
}

// A keyset-paged admin list in one piece: its error, its empty message, the table (AdminTable:
// cards on a phone) and "Show more" with "Loading…" (LoadMore). Every paged admin list uses it, so they
// read and behave alike.
import AdminTable, { type Column } from './AdminTable.tsx';
import LoadMore from './LoadMore.tsx';
import type { KeysetList } from './use-keyset-list.ts';

export default function KeysetTable<T>(props: {
  list: KeysetList<T>;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  /** Shown when the first page came back empty. */
  empty: string;
  /** The "Show more" button's words ("Show more users"). */
  more: string;
  current?: (row: T) => boolean;
}) {
  const { list } = props;
  return (
    <>
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && !list.error && list.rows.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        list.rows.length > 0 && (
          <AdminTable
            caption={props.caption}
            columns={props.columns}
            rows={list.rows}
            rowKey={props.rowKey}
            {...(props.current ? { current: props.current } : {})}
          />
        )
      )}
      <LoadMore list={list} label={props.more} />
    </>
  );
}

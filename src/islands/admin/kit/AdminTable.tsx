// The admin lists' one table (issue 24): a real table at a desk, cards on a phone. Each cell
// carries its column's label, which the card shows beside the value when the list's box is
// narrower than 44rem (a container query in src/styles/admin.css, so a list inside a narrow
// panel turns into cards too); long values wrap inside their cell, so a list never makes the page
// pan sideways. The roles are written out because a table laid out as blocks may lose them.
import type { ReactNode } from 'react';

export interface Column<T> {
  /** The header, and the label of the value in a card. */
  label: string;
  cell: (row: T) => ReactNode;
  /**
   * title: the card's heading (no label); actions: buttons and forms (no label, full width);
   * num: a number or amount (aligned right at a desk); id: an identifier that may break anywhere.
   */
  kind?: 'title' | 'actions' | 'num' | 'id';
  /** A row header (th scope="row") rather than a cell: the row's name for screen readers. */
  header?: boolean;
}

export default function AdminTable<T>(props: {
  /** Says what the rows are; read by screen readers, shown when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** A row that stands out (the lead opened below the list). */
  current?: (row: T) => boolean;
  footer?: ReactNode;
}) {
  return (
    <div className="admin-list">
      <table className="admin-table" role="table">
        <caption className={props.showCaption ? 'muted' : 'visually-hidden'}>{props.caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {props.columns.map((c) => (
              <th key={c.label} scope="col" role="columnheader" data-kind={c.kind}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} role="row" aria-current={props.current?.(row) ? 'true' : undefined}>
              {props.columns.map((c) =>
                c.header ? (
                  <th key={c.label} scope="row" role="rowheader" data-label={c.label} data-kind={c.kind}>
                    <div>{c.cell(row)}</div>
                  </th>
                ) : (
                  <td key={c.label} role="cell" data-label={c.label} data-kind={c.kind}>
                    {/* One box beside the card's label, whatever the cell holds. */}
                    <div>{c.cell(row)}</div>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {props.footer}
      </table>
    </div>
  );
}

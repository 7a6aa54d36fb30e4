/**
 * A list of records as a table (issue 34: the console's lists were stacked links): column
 * headers and one row per record on a desktop; on a phone each row becomes a card whose cells
 * carry their column's name. The first column holds the link that opens the record.
 */
import type { ReactNode } from 'react';

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
}

export function DataTable<T>({ caption, columns, rows, rowKey }: { caption: string; columns: readonly Column<T>[]; rows: readonly T[]; rowKey: (row: T) => string }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row" data-label={c.header}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

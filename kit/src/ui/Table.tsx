import type { ReactNode } from 'react';
import { cx } from './cx';

export interface TableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row, index: number) => ReactNode;
  /** Long values without spaces (emails, free text) may break anywhere; other cells keep their words whole. */
  breakAnywhere?: boolean;
}

export interface TableProps<Row> {
  caption: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  isRowHighlighted?: (row: Row, index: number) => boolean;
  rowClassName?: (row: Row, index: number) => string | undefined;
  className?: string;
}

/** A real table on wide screens; on narrow containers each row becomes a card with its labels (CSS only). */
export function Table<Row>({ caption, columns, rows, rowKey, isRowHighlighted, rowClassName, className }: TableProps<Row>) {
  return (
    <div className={cx('kl-table-wrap', className)}>
      <table className="kl-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} className={cx(isRowHighlighted?.(row, index) && 'kl-row--highlight', rowClassName?.(row, index)) || undefined}>
              {columns.map((column) => (
                <td key={column.key} className={column.breakAnywhere ? 'kl-table__break-anywhere' : undefined}>
                  <span className="kl-table__label" aria-hidden="true">
                    {column.header}
                  </span>
                  <span>{column.render(row, index)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

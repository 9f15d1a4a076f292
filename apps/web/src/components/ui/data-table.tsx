import type { ReactNode } from 'react';
import { cx } from '@/lib/cx.ts';

/** One column: its header and how a row fills its cell. */
export interface DataTableColumn<T> {
  /** Unique among the columns (React's key). */
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell names its row (a `th scope="row"`, e.g. the person's name); at most one column. */
  rowHeader?: boolean;
  /** Extra classes of the column's cells (wrapping, width, font). */
  className?: string;
}

interface DataTableProps<T> {
  /** What the table holds: its caption and the label of the scrolling region around it. */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** What an empty table says instead (from the catalogue); without it an empty table shows its headers only. */
  empty?: string;
  /** `visible` (default): a bordered table in a region that scrolls sideways at 360 px. `hidden`: for screen readers only (a chart's text alternative). */
  variant?: 'visible' | 'hidden';
  /** Extra classes of the rows (e.g. `align-top`). */
  rowClassName?: string;
}

/**
 * The console's tables, one markup for all: a caption (for screen readers), a header row of
 * `th scope="col"`, and around the table a labelled region that scrolls sideways on a narrow
 * screen and takes the keyboard's focus (so arrow keys scroll it, axe's scrollable-region-focusable).
 */
export function DataTable<T>({ caption, columns, rows, rowKey, empty, variant = 'visible', rowClassName }: DataTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) {
    return <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{empty}</p>;
  }
  const hidden = variant === 'hidden';
  const cellClass = hidden ? undefined : 'px-3 py-2';
  const table = (
    <table className={hidden ? 'sr-only' : 'w-full text-left text-sm'}>
      <caption className={hidden ? undefined : 'sr-only'}>{caption}</caption>
      <thead className={hidden ? undefined : 'bg-slate-50 text-slate-800'}>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={hidden ? undefined : 'px-3 py-2 whitespace-nowrap'}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={hidden ? undefined : cx('border-t border-slate-200', rowClassName)}>
            {columns.map((c) =>
              c.rowHeader ? (
                <th key={c.id} scope="row" className={hidden ? undefined : cx(cellClass, 'font-medium', c.className)}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.id} className={hidden ? undefined : cx(cellClass, 'text-slate-800', c.className)}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (hidden) return table;
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      {table}
    </div>
  );
}

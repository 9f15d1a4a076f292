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
  /** `visible` (default): a bordered table, one card per row below `lg`. `hidden`: for screen readers only (a chart's text alternative). */
  variant?: 'visible' | 'hidden';
  /** Extra classes of the rows (e.g. `align-top`). */
  rowClassName?: string;
}

/**
 * The console's tables, one markup for all: a caption (for screen readers), a header row of
 * `th scope="col"`, and around the table a labelled region that takes the keyboard's focus (so
 * arrow keys scroll a wide table sideways, axe's scrollable-region-focusable).
 *
 * Below `lg` (a phone, a tablet beside the console's menu) each row is a card instead: the row
 * header as its title, then one line per cell, the column's name before the value (a value too
 * long to sit beside it, such as an e-mail, takes the next line, full width). Only the CSS
 * changes, so it stays one table for a screen reader; the explicit roles keep it one where a
 * browser drops a table's semantics once it is no longer displayed as a table (Safari), and the
 * repeated column name is `aria-hidden` (the column header already names the cell). Issue 46.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, empty, variant = 'visible', rowClassName }: DataTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) {
    return <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{empty}</p>;
  }
  if (variant === 'hidden') {
    return (
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.id} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.id}>{c.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table role="table" className="block w-full text-left text-sm lg:table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="sr-only bg-slate-50 text-slate-800 lg:not-sr-only">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.id} role="columnheader" scope="col" className="px-3 py-2 whitespace-nowrap">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block lg:table-row-group">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className={cx('block border-t border-slate-200 py-2 first:border-t-0 lg:table-row lg:py-0 lg:first:border-t', rowClassName)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.id} role="rowheader" scope="row" className={cx('block px-3 py-1 text-base font-medium lg:table-cell lg:py-2 lg:text-sm', c.className)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.id} role="cell" className={cx('flex flex-wrap gap-x-3 px-3 py-1 text-slate-800 lg:table-cell lg:py-2', c.className)}>
                    <span aria-hidden="true" className="w-24 shrink-0 font-medium text-slate-700 lg:hidden">
                      {c.header}
                    </span>
                    <span className="max-w-full min-w-0">{c.cell(row)}</span>
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

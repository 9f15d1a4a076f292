import { Link } from 'react-router';
import { pagination } from '@arreglaya/shared/i18n/common';
import { cx } from '@/lib/cx.ts';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL (path and query) of a page. */
  hrefFor: (page: number) => string;
  /**
   * More pages may follow the last one counted (a count that stops at a cap, "más de 1.000"):
   * "Siguiente" stays, the last page is not shown as the end, and a gap says there is more.
   */
  more?: boolean;
}

/**
 * Pages to show: the first, the last, and two around the current one; null = a gap (…). With
 * `more`, the pages counted are not all: no last page, pages up to one past the current one, and a
 * gap at the end.
 */
export function pageWindow(page: number, pageCount: number, more = false): (number | null)[] {
  const last = more ? Math.max(pageCount, page + 1) : Math.max(pageCount, page);
  const wanted = new Set([1, ...(more ? [] : [last]), page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && p - previous === 2) out.push(p - 1);
    else if (typeof previous === 'number' && p - previous > 2) out.push(null);
    out.push(p);
  }
  if (more) out.push(null);
  return out;
}

const itemClass = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 font-semibold';

/** Real pagination: links (they work in a new tab and with the back button), the current page marked. */
export function Pagination({ page, pageCount, hrefFor, more = false }: PaginationProps) {
  if (pageCount <= 1 && !more) return null;
  const hasNext = more || page < pageCount;
  return (
    <nav aria-label={pagination.label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={cx(itemClass, 'text-brand-700 hover:bg-brand-50')}>
              <span aria-hidden="true">‹</span> {pagination.previous}
            </Link>
          ) : (
            <span aria-disabled="true" className={cx(itemClass, 'text-slate-500')}>
              <span aria-hidden="true">‹</span> {pagination.previous}
            </span>
          )}
        </li>
        {pageWindow(page, pageCount, more).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-label={pagination.page(p)}
                aria-current={p === page ? 'page' : undefined}
                className={cx(itemClass, p === page ? 'bg-brand-700 text-white' : 'border border-slate-300 text-brand-700 hover:bg-brand-50')}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link to={hrefFor(page + 1)} rel="next" className={cx(itemClass, 'text-brand-700 hover:bg-brand-50')}>
              {pagination.next} <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={cx(itemClass, 'text-slate-500')}>
              {pagination.next} <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

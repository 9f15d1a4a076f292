import type { ReactNode } from 'react';
import { shell } from '@arreglaya/shared/i18n/shell';
import { ErrorWithRetry } from './error-with-retry.tsx';

/** What QueryState reads of a query (a react-query result fits as it is). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** True when the loaded data has nothing to show (then `empty` is shown instead of `children`); absent for a record, never empty. */
  isEmpty?: (data: T) => boolean;
  /** What an empty list says, in the feature's words from the catalogue. */
  empty?: string;
  /** What could not be loaded, in the feature's words (loadFailure.generic when absent). */
  errorMessage?: string;
  /** Another error view, e.g. the console's "sign in again" for an old session (AdminLoadError). */
  renderError?: (error: unknown, retry: () => unknown, retrying: boolean) => ReactNode;
  /** The area's layout classes (default: a column with gap-3). */
  className?: string;
  /** The loaded, non-empty data. */
  children: (data: T) => ReactNode;
}

/**
 * The loading, error, empty and loaded states of a list or table, the same on every page that
 * uses it: while nothing is loaded a spinner announced as "Cargando…" (`role="status"`); a failure
 * as ErrorWithRetry (an alert with Reintentar), above the previous data when there is some; an
 * empty list as the feature's sentence; else the children. The area is `aria-busy` while a
 * request runs (a first load, a new page, a refetch).
 */
export function QueryState<T>({ query, isEmpty, empty, errorMessage, renderError, className, children }: QueryStateProps<T>) {
  const { data } = query;
  const error = query.isError ? (
    renderError ? (
      renderError(query.error, query.refetch, query.isFetching)
    ) : (
      <ErrorWithRetry message={errorMessage} onRetry={query.refetch} retrying={query.isFetching} />
    )
  ) : null;
  let body: ReactNode = null;
  if (data === undefined) {
    if (!query.isError)
      body = (
        <div role="status" className="flex justify-center py-8">
          <span className="spinner-wheel" aria-hidden="true" />
          <span className="sr-only">{shell.loading}</span>
        </div>
      );
  } else if (isEmpty?.(data)) {
    body = <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{empty}</p>;
  } else {
    body = children(data);
  }
  return (
    <div aria-busy={query.isFetching} className={className ?? 'flex flex-col gap-3'}>
      {error}
      {body}
    </div>
  );
}

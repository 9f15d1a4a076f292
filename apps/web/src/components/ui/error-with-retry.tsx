import { loadFailure } from '@arreglaya/shared/i18n/common';
import { buttonClasses } from './button.ts';

interface ErrorWithRetryProps {
  /** What could not be loaded, in the feature's words (loadFailure.generic when it has none). */
  message?: string;
  /** Asks again (a query's refetch). */
  onRetry: () => unknown;
  /** True while the new attempt runs: the button waits and says so to screen readers. */
  retrying?: boolean;
}

/**
 * The one way a list or page that failed to load says so: the message, announced (role alert),
 * and a 'Reintentar' button that asks again. Used by every list that can fail to load.
 */
export function ErrorWithRetry({ message = loadFailure.generic, onRetry, retrying = false }: ErrorWithRetryProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p>{message}</p>
      <button type="button" onClick={() => void onRetry()} disabled={retrying} aria-busy={retrying} className={buttonClasses('secondary')}>
        {loadFailure.retry}
      </button>
    </div>
  );
}

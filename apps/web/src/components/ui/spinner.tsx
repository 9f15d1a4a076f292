import { shell } from '@arreglaya/shared/i18n/shell';
import { cx } from '@/lib/cx.ts';

/** A spinner announced as "Cargando..." to screen readers. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      <span className="spinner-wheel" aria-hidden="true" />
      <span className="sr-only">{shell.loading}</span>
    </span>
  );
}

/** Fills the page area while a lazy page (or the first route) loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center py-16">
      <Spinner />
    </div>
  );
}

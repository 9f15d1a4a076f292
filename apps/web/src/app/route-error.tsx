import { Link, useRouteError } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { usePageTitle } from '@/lib/page-title.ts';
import { buttonClasses } from '@/components/ui/button.ts';
import { isChunkLoadError } from '@/lib/lazy-retry.ts';

const t = shell.routeError;

/**
 * Shown when a page fails to render or its code cannot be loaded (a dropped connection, or a new
 * deploy): the latter, already retried once (lib/lazy-retry.ts), says so and offers a retry.
 */
function RouteErrorContent() {
  usePageTitle(t.documentTitle);
  const chunk = isChunkLoadError(useRouteError());
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{chunk ? t.chunkTitle : t.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{chunk ? t.chunkText : t.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          {chunk ? t.retry : t.reload}
        </button>
        <Link to="/" className={buttonClasses('secondary')}>
          {t.home}
        </Link>
      </div>
    </div>
  );
}

/** Inside the layout: navbar and footer stay. */
export function RouteError() {
  return <RouteErrorContent />;
}

/** When the layout itself failed: brings its own main landmark. */
export function RootError() {
  return (
    <main id="main-content" className="min-h-screen">
      <RouteErrorContent />
    </main>
  );
}

import { installedApp } from '@arreglaya/shared/i18n/installed-app';
import { buttonClasses } from '@/components/ui/button.ts';

const t = installedApp.offline;

/**
 * What the service worker shows for a page it cannot reach and has not kept (decision 032): a
 * static page (no script; the build's stylesheet), written into dist/offline.html by the build.
 * "Reintentar" is a link to the address the visitor asked for (the page keeps it): following it
 * asks the network again.
 */
export function OfflinePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <svg viewBox="0 0 64 64" className="size-16" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-brand-700" />
        <path
          d="M40.5 12a11.5 11.5 0 0 0-10.9 15.2L13.4 43.4a4.6 4.6 0 0 0 6.5 6.5l16.2-16.2A11.5 11.5 0 0 0 51.3 22l-6.9 6.9-6.1-1.3-1.3-6.1 6.9-6.9A11.5 11.5 0 0 0 40.5 12z"
          className="fill-white"
        />
      </svg>
      <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
      <p className="text-lg text-slate-700">{t.text}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <a href="" className={buttonClasses('primary')}>
          {t.retry}
        </a>
        <a href="/" className={buttonClasses('secondary')}>
          {t.home}
        </a>
      </div>
    </main>
  );
}

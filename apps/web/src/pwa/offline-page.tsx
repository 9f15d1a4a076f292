import { installedApp } from '@arreglaya/shared/i18n/installed-app';
import { buttonClasses } from '@/components/ui/button.ts';
import { StaticSiteHeader } from '@/components/layout/site-header-static.tsx';

const t = installedApp.offline;

/**
 * What the service worker shows for a page it cannot reach and has not kept (decision 032): a
 * static page (no script; the build's stylesheet), written into dist/offline.html by the build.
 * It stands for any page, so it carries the site header (logo, link home) like every page does.
 * "Reintentar" is a link to the address the visitor asked for (the page keeps it): following it
 * asks the network again.
 */
export function OfflinePage() {
  return (
    <div className="flex min-h-screen flex-col">
      <StaticSiteHeader />
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
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
    </div>
  );
}

import { shell } from '@arreglaya/shared/i18n/shell';
import { WrenchIcon } from '../ui/icons.tsx';

/** The logo and the site's name, as the header links them home (the navbar and the pages no script runs). */
export function BrandMark() {
  return (
    <>
      <span className="grid size-9 place-items-center rounded-lg bg-brand-700 text-white" aria-hidden="true">
        <WrenchIcon className="size-5" />
      </span>
      <span aria-hidden="true">{shell.productName}</span>
    </>
  );
}

export const HEADER_CLASSES = 'sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur';
export const HEADER_ROW_CLASSES = 'mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4';
export const BRAND_LINK_CLASSES = 'flex items-center gap-2 rounded text-xl font-bold text-brand-700';

/**
 * The site header where no script runs yet or at all (issue 46, item 14): the page index.html
 * shows while a private page's code and data load, and the service worker's offline page. The
 * navbar's frame with only its logo, a plain link home: nothing here waits for a script.
 */
export function StaticSiteHeader() {
  return (
    <header className={HEADER_CLASSES}>
      <div className={HEADER_ROW_CLASSES}>
        <a href="/" className={BRAND_LINK_CLASSES} aria-label={shell.nav.home}>
          <BrandMark />
        </a>
      </div>
    </header>
  );
}

/**
 * What dist/index.html shows (scripts/web/prerender.ts) until the app's first page is ready: the
 * site header and a loading state that says so in words, instead of a bare spinner on a slow line.
 */
export function BootShell() {
  return (
    <div className="flex min-h-screen flex-col">
      <StaticSiteHeader />
      <div className="flex flex-1 items-start justify-center px-4 py-16">
        <p role="status" className="flex items-center gap-3 text-lg text-slate-700">
          <span className="spinner-wheel" aria-hidden="true" />
          {shell.loading}
        </p>
      </div>
    </div>
  );
}

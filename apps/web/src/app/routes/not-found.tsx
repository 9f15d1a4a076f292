import { Link } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { usePageTitle } from '@/lib/page-title.ts';
import { buttonClasses } from '@/components/ui/button.ts';

const t = shell.notFound;

/** /notfound and every unknown path (the server also answers those with status 404). */
function NotFoundPage() {
  usePageTitle(t.documentTitle);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{t.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          {t.home}
        </Link>
        <Link to="/ayuda" className={buttonClasses('secondary')}>
          {t.help}
        </Link>
      </div>
    </div>
  );
}

export { NotFoundPage as Component };

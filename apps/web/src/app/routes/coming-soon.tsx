import { Link, useMatches } from 'react-router';
import { shell } from '@arreglaya/shared/i18n/shell';
import { useViewer } from '@/lib/use-viewer.ts';
import { accountPath } from '@/lib/session-user.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { WrenchIcon } from '@/components/ui/icons.tsx';
import { pageHandleOf } from '../route-handle.ts';

/**
 * The one placeholder for every page a later issue builds. Its name comes from the route's
 * handle, so the route table is the only place that lists these pages.
 */
function ComingSoonPage() {
  const matches = useMatches();
  const handle = pageHandleOf(matches);
  const { user } = useViewer();
  const title = handle?.title ?? shell.construction.title;
  usePageTitle(title);

  const crumbs: Crumb[] = [];
  if (handle?.account) crumbs.push({ label: shell.breadcrumb.account, to: user ? accountPath(user) : handle.account });
  crumbs.push({ label: title });

  const heading = handle?.construction ? shell.construction.title : title;
  const text = handle?.construction ? shell.construction.text : shell.comingSoon.text;
  // Account pages sit inside the account layout, which already shows the breadcrumb.
  const inAccountArea = Boolean(handle?.account);

  return (
    <div className={inAccountArea ? undefined : 'mx-auto max-w-6xl px-4 py-8'}>
      {!inAccountArea && <Breadcrumb items={crumbs} />}
      <section className="mx-auto mt-6 max-w-2xl rounded-2xl border border-brand-100 bg-brand-50 px-6 py-12 text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-brand-700 text-white" aria-hidden="true">
          <WrenchIcon className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">{heading}</h1>
        <p className="mt-4 text-lg text-slate-700">{text}</p>
        <Link to="/" className={buttonClasses('primary', 'mt-8')}>
          {shell.comingSoon.backHome}
        </Link>
      </section>
    </div>
  );
}

export { ComingSoonPage as Component };

import { Link, useLocation } from 'react-router';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { projectList as t } from '@arreglaya/shared/i18n/quotes-web';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { ProjectList } from '@/features/project-list/components/project-list.tsx';
import { authModals } from '@/lib/auth-modals.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /projectlist, 'Proyectos disponibles' (spec §2): open projects for contractors; others are told why not. */
function ProjectListPage() {
  usePageTitle(tp.listTitle);
  const { user, isLoading } = useViewer();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[{ label: tp.listTitle }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{tp.listTitle}</h1>
      {user?.role === 'contractor' ? (
        <>
          <p className="mt-2 mb-6 text-lg text-slate-700">{t.intro}</p>
          <ProjectList userId={user.id} />
        </>
      ) : user ? (
        <div className="mt-4 flex flex-col items-start gap-4">
          <p className="text-lg text-slate-800">
            {t.contractorsOnly} {user.role === 'client' && t.clientHint}
          </p>
          {user.role === 'client' && (
            <Link to="/nuevoproyecto" className={buttonClasses('primary')}>
              {t.newProject}
            </Link>
          )}
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-start gap-4">
          <p className="text-lg text-slate-800">{t.signInNeeded}</p>
          <button type="button" onClick={() => authModals.openSignIn({ redirectTo: location.pathname + location.search })} className={buttonClasses('primary')}>
            {t.signIn}
          </button>
        </div>
      )}
    </div>
  );
}

export { ProjectListPage as Component };

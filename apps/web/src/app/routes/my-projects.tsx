import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectStatus } from '@arreglaya/shared/lifecycles';
import { MyProjectsQuerySchema } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { inputClasses } from '@/components/ui/field.tsx';
import { ProjectTile } from '@/features/projects/components/project-tile.tsx';
import { useMyProjects, useRemoveProject } from '@/features/projects/my-projects.ts';
import { useCountry } from '@/lib/country.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** The status filter lives in the URL (?status=), so the back button and a reload keep it. */
function useStatusParam(): [ProjectStatus | null, (status: ProjectStatus | null) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = MyProjectsQuerySchema.safeParse({ status: params.get('status') ?? undefined });
  const status = parsed.success ? (parsed.data.status ?? null) : null;
  const setStatus = (next: ProjectStatus | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });
  return [status, setStatus];
}

/** /perfil/proyectos ('Mis proyectos', spec §2), inside the account layout. */
function MyProjectsPage() {
  usePageTitle(tp.myProjectsTitle);
  const id = useId();
  const { user } = useViewer();
  const { locale } = useCountry();
  const [status, setStatus] = useStatusParam();
  const clientId = user?.role === 'client' ? user.id : null;
  const projects = useMyProjects(clientId, status);
  const remove = useRemoveProject(clientId ?? '');
  const data = projects.data;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{tp.myProjectsTitle}</h1>
          <p className="mt-1 text-slate-700">{t.list.intro}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:items-end">
          <Link to="/nuevoproyecto" className={buttonClasses('accent', 'shrink-0')}>
            {tp.requestService}
          </Link>
          <Link to="/invitar-tecnico" className={buttonClasses('secondary', 'shrink-0')}>
            {ti.form.link}
          </Link>
        </div>
      </div>
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={`${id}-status`} className="font-medium text-slate-800">
          {t.list.filter}
        </label>
        <select id={`${id}-status`} value={status ?? ''} onChange={(e) => setStatus(e.target.value === '' ? null : (e.target.value as ProjectStatus))} className={inputClasses()}>
          <option value="">{t.list.allStatuses}</option>
          {PROJECT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PROJECT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>

      {(projects.isPending || !user) && (
        <p role="status" className="py-8 text-center text-slate-700">
          {tp.loading}
        </p>
      )}
      {projects.isError && !data && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          <p>{t.list.loadError}</p>
          <button type="button" onClick={() => void projects.refetch()} className={buttonClasses('secondary')}>
            {t.list.retry}
          </button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-slate-400 bg-white p-6">
          <p className="text-slate-800">{tp.empty}</p>
        </div>
      )}
      {data && data.items.length > 0 && (
        <ul aria-label={t.list.listLabel} aria-busy={projects.isFetching} className="grid gap-4 md:grid-cols-2">
          {data.items.map((project) => (
            <li key={project.id}>
              <ProjectTile project={project} locale={locale} onRemove={(projectId) => remove.mutateAsync(projectId)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { MyProjectsPage as Component };

import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { shell } from '@arreglaya/shared/i18n/shell';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { ProjectEditor } from '@/features/projects/components/project-editor.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { clientProfileQuery } from '@/features/profile/api/profile-queries.ts';

/** /nuevoproyecto ('Solicitar servicio'); /nuevoproyecto?editar=<id> edits an open project. */
function NewProjectPage() {
  const [params] = useSearchParams();
  const editId = params.get('editar');
  const title = editId ? t.form.editTitle : t.form.newTitle;
  usePageTitle(editId ? title : shell.pages.newProject);
  // A client's new project starts in the city and zone of their profile.
  const { user } = useViewer();
  const wantsProfile = !editId && user?.role === 'client';
  const profile = useQuery({ ...clientProfileQuery(user?.id ?? ''), enabled: wantsProfile });
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      {!editId && <p className="mt-2 text-slate-700">{t.form.intro}</p>}
      <div className="mt-6">
        <ProjectEditor key={editId ?? 'new'} editId={editId} profile={{ loading: wantsProfile && profile.isPending, data: profile.data }} />
      </div>
    </div>
  );
}

export { NewProjectPage as Component };

import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from '@arreglaya/shared/countries';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { projectsWeb as tp } from '@arreglaya/shared/i18n/projects';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { useInviteTecnico } from '@/features/invitations/api.ts';
import { InviteForm } from '@/features/invitations/components/invite-form.tsx';
import { projectKeys } from '@/features/projects/project.ts';
import { useCountry } from '@/lib/country.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /invitar-tecnico: a client opens a protected job for a técnico he already knows (decision 064). */
function InviteTecnicoPage() {
  usePageTitle(ti.form.title);
  const { user } = useViewer();
  const country = useCountry();
  const invite = useInviteTecnico();
  const navigate = useNavigate();
  const messageBox = useMessageBox();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Breadcrumb items={[{ label: tp.page.back, to: '/perfil/proyectos' }, { label: ti.form.title }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{ti.form.title}</h1>
      <p className="mt-2 text-slate-700">{ti.form.intro}</p>
      <div className="mt-6">
        {user && user.role !== 'client' ? (
          <div className="flex flex-col items-start gap-4">
            <p className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-brand-900">{ti.errors.notClient}</p>
            <Link to="/" className={buttonClasses('secondary')}>
              {tp.page.back}
            </Link>
          </div>
        ) : (
          <InviteForm
            country={country.code as CountryCode}
            onSubmit={async (values) => {
              const created = await invite.mutateAsync(values);
              if (user) await queryClient.invalidateQueries({ queryKey: projectKeys.all(user.id) });
              messageBox.show({ text: created.message, kind: 'success' });
              await navigate(`/proyectos/${created.projectId}`);
            }}
          />
        )}
      </div>
    </div>
  );
}

export { InviteTecnicoPage as Component };

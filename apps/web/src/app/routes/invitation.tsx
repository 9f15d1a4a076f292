import { useParams } from 'react-router';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { InvitationPage } from '@/features/invitations/components/invitation-page.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

/** /invitacion/:token: where the WhatsApp or SMS of an invitation leads (decision 064). Works signed out. */
function InvitationRoute() {
  usePageTitle(ti.page.title);
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{ti.page.title}</h1>
      <div className="mt-4">
        <InvitationPage token={token} />
      </div>
    </div>
  );
}

export { InvitationRoute as Component };

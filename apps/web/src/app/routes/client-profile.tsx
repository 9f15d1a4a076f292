import { profile as t } from '@arreglaya/shared/i18n/profile';
import { shell } from '@arreglaya/shared/i18n/shell';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import { ClientProfileSection } from '@/features/profile/components/profile-sections.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { loaderViewer } from '@/features/auth/guard.ts';
import { clientProfileQuery } from '@/features/profile/api/profile-queries.ts';
import { prefetch, queryClient } from '@/lib/query-client.ts';

/** The profile arrives with the page (no spinner after the navigation). */
export async function loader() {
  const user = await loaderViewer();
  return user ? prefetch(queryClient.ensureQueryData(clientProfileQuery(user.id))) : null;
}

/** /perfil and /perfil/info, inside the account layout (breadcrumb and sidebar). */
function ClientProfilePage() {
  usePageTitle(shell.pages.personalInfo);
  const { user } = useViewer();
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.personalInfo}</h1>
        <p className="mt-2 text-slate-700">{t.clientIntro}</p>
      </div>
      {user && <ClientProfileSection userId={user.id} />}
      <DeleteAccountSection />
    </div>
  );
}

export { ClientProfilePage as Component };

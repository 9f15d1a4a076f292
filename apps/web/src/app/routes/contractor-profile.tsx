import { useLocation } from 'react-router';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { shell } from '@arreglaya/shared/i18n/shell';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import { ClientProfileSection, ContractorProfileSection } from '@/features/profile/components/profile-sections.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { VerificationSection } from '@/features/verification/verification-section.tsx';
import { loaderViewer } from '@/features/auth/guard.ts';
import { clientProfileQuery, contractorProfileQuery } from '@/features/profile/api/profile-queries.ts';
import { prefetch, queryClient } from '@/lib/query-client.ts';

/** The profile arrives with the page (no spinner after the navigation). */
export async function loader() {
  const user = await loaderViewer();
  if (!user) return null;
  return prefetch(user.role === 'contractor' ? queryClient.ensureQueryData(contractorProfileQuery(user.id)) : queryClient.ensureQueryData(clientProfileQuery(user.id)));
}

/**
 * /profile, /profile/info ('Información personal') and the registration /contractor/profile
 * (breadcrumb Inicio > Cuenta > Perfil): the same form. A sysadmin, who has no contractor
 * page, gets the personal form.
 */
function ContractorProfilePage() {
  const registration = useLocation().pathname.startsWith('/contractor/profile');
  const title = registration ? shell.pages.contractorProfile : shell.pages.personalInfo;
  usePageTitle(title);
  const { user } = useViewer();
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {registration && <p className="mt-2 text-lg font-semibold text-slate-800">{t.registrationTitle}</p>}
        <p className="mt-2 text-slate-700">{registration ? t.registrationIntro : t.contractorIntro}</p>
      </div>
      {user && (user.role === 'contractor' ? <ContractorProfileSection userId={user.id} /> : <ClientProfileSection userId={user.id} />)}
      {user?.role === 'contractor' && <VerificationSection userId={user.id} />}
      <DeleteAccountSection />
    </div>
  );
}

export { ContractorProfilePage as Component };

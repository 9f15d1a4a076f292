import { useQueryClient } from '@tanstack/react-query';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { adminKeys } from '@/features/admin/api/admin-api.ts';
import { CreateSysadminForm } from '@/features/admin/components/create-sysadmin-form.tsx';
import { PeopleSearch } from '@/features/admin/components/people-search.tsx';
import { useCountry } from '@/lib/country.ts';
import { usePageTitle } from '@/lib/page-title.ts';

/** /admin/personas: search people, open one; make another sysadmin (issue 16, console items 2 and 7). */
function AdminPeoplePage() {
  usePageTitle(t.people.heading);
  const { locale } = useCountry();
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-slate-900">{t.people.heading}</h1>
      <PeopleSearch locale={locale} />
      <CreateSysadminForm onCreated={() => queryClient.invalidateQueries({ queryKey: adminKeys.all })} />
    </div>
  );
}

export { AdminPeoplePage as Component };

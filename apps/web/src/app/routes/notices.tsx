import { notices } from '@arreglaya/shared/i18n/notices';
import { shell } from '@arreglaya/shared/i18n/shell';
import { NoticesList } from '@/features/notifications/components/notices-list.tsx';
import { useCountry } from '@/lib/country.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /perfil/avisos: the notification centre (issue 31), for clients and contractors alike. */
function NoticesPage() {
  usePageTitle(shell.pages.notices);
  const { user } = useViewer();
  const { locale } = useCountry();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.notices}</h1>
        <p className="mt-2 text-slate-700">{notices.intro}</p>
      </div>
      {user && <NoticesList userId={user.id} unreadNotices={user.unreadNotices} locale={locale} />}
    </div>
  );
}

export { NoticesPage as Component };

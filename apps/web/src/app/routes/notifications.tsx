import { profile } from '@arreglaya/shared/i18n/profile';
import { shell } from '@arreglaya/shared/i18n/shell';
import { useViewer } from '@/lib/use-viewer.ts';
import { NotificationPreferencesForm } from '@/features/notifications/components/notification-preferences-form.tsx';
import { usePreferences } from '@/features/notifications/hooks/use-preferences.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

function Preferences({ userId, role }: { userId: string; role: Parameters<typeof NotificationPreferencesForm>[0]['role'] }) {
  const query = usePreferences(userId);
  if (query.isPending) return <Spinner className="py-8" />;
  if (query.isError)
    return (
      <p role="alert" className="font-medium text-red-700">
        {profile.loadFailed}
      </p>
    );
  return <NotificationPreferencesForm userId={userId} role={role} preferences={query.data} />;
}

/** /perfil/notificaciones and /profile/notificaciones: the four notification flags. */
function NotificationsPage() {
  usePageTitle(shell.pages.notifications);
  const { user } = useViewer();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.notifications}</h1>
        <p className="mt-2 text-slate-700">{profile.notifications.intro}</p>
      </div>
      {user && <Preferences userId={user.id} role={user.role} />}
    </div>
  );
}

export { NotificationsPage as Component };

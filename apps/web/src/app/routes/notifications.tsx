import { profile } from '@arreglaya/shared/i18n/profile';
import { shell } from '@arreglaya/shared/i18n/shell';
import { useViewer } from '@/lib/use-viewer.ts';
import { NotificationPreferencesForm } from '@/features/notifications/components/notification-preferences-form.tsx';
import { NotificationChannelsSection } from '@/features/notifications/components/notification-channels-grid.tsx';
import { PushToggle } from '@/features/notifications/components/push-toggle.tsx';
import { PushDevices } from '@/features/notifications/components/push-devices.tsx';
import { pushDevicesKey } from '@/features/notifications/api/push-api.ts';
import { PhoneChannelSection } from '@/features/notifications/components/phone-channel.tsx';
import { preferencesQuery, usePreferences } from '@/features/notifications/api/notifications-queries.ts';
import { loaderViewer } from '@/features/auth/guard.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { prefetch, queryClient } from '@/lib/query-client.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

/** The preferences arrive with the page (no spinner after the navigation). */
export async function loader() {
  const user = await loaderViewer();
  return user ? prefetch(queryClient.ensureQueryData(preferencesQuery(user.id))) : null;
}

function Preferences({ userId, role }: { userId: string; role: Parameters<typeof NotificationPreferencesForm>[0]['role'] }) {
  const query = usePreferences(userId);
  if (query.isPending) return <Spinner className="py-8" />;
  if (query.isError) return <ErrorWithRetry message={profile.loadFailed} onRetry={query.refetch} retrying={query.isFetching} />;
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
      {user && (
        <NotificationChannelsSection
          userId={user.id}
          setup={
            <>
              <PushToggle onChange={() => void queryClient.invalidateQueries({ queryKey: pushDevicesKey })} />
              <PushDevices />
              <PhoneChannelSection userId={user.id} country={user.country} profilePhone={user.phone} />
            </>
          }
        />
      )}
    </div>
  );
}

export { NotificationsPage as Component };

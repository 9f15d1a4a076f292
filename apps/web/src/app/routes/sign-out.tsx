import { auth } from '@arreglaya/shared/i18n/auth';
import { SignOut } from '@/features/auth/components/sign-out.tsx';
import { releaseThisDevice } from '@/features/notifications/lib/push-device.ts';
import { usePageTitle } from '@/lib/page-title.ts';

function SignOutPage() {
  usePageTitle(auth.signOut.busy);
  return <SignOut releaseDevice={releaseThisDevice} />;
}

export { SignOutPage as Component };

import { auth } from '@arreglaya/shared/i18n/auth';
import { SignOut } from '@/features/auth/components/sign-out.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

function SignOutPage() {
  usePageTitle(auth.signOut.busy);
  return <SignOut />;
}

export { SignOutPage as Component };

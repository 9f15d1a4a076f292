import { auth } from '@arreglaya/shared/i18n/auth';
import { ForgotPassword } from '@/features/auth/components/forgot-password.tsx';
import { usePageTitle } from '@/lib/page-title.ts';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';

function ForgotPasswordPage() {
  usePageTitle(auth.forgot.title);
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Breadcrumb items={[{ label: auth.forgot.title }]} />
      <h1 className="text-3xl font-bold text-slate-900">{auth.forgot.title}</h1>
      <div className="mt-6">
        <ForgotPassword />
      </div>
    </div>
  );
}

export { ForgotPasswordPage as Component };

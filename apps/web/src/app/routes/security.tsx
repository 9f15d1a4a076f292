import { auth } from '@arreglaya/shared/i18n/auth';
import { shell } from '@arreglaya/shared/i18n/shell';
import { ChangePasswordForm } from '@/features/account/components/change-password-form.tsx';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

/** /perfil/seguridad, inside the account layout (which owns the breadcrumb and sidebar). */
function SecurityPage() {
  usePageTitle(shell.pages.security);
  return (
    <div className="flex flex-col gap-10">
      <h1 className="text-3xl font-bold text-slate-900">{shell.pages.security}</h1>
      <section aria-labelledby="change-password-title">
        <h2 id="change-password-title" className="mb-4 text-xl font-bold text-slate-900">
          {auth.security.title}
        </h2>
        <ChangePasswordForm />
      </section>
      <DeleteAccountSection />
    </div>
  );
}

export { SecurityPage as Component };

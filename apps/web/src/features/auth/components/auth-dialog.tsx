import { ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { authModals, type AuthModalState } from '@/lib/auth-modals.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { ConfirmEmailForm } from './confirm-email-form.tsx';

type OpenState = Exclude<AuthModalState, { view: 'closed' }>;

const TITLES: Record<OpenState['view'], string> = {
  'sign-in': t.signIn.title,
  'sign-up': t.signUp.title,
  confirm: t.confirmEmail.title,
};

/** One modal whose content follows the store: sign-in, sign-up, or the e-mail confirmation step. */
export function AuthDialog({ state }: { state: OpenState }) {
  return (
    <ModalDialog title={TITLES[state.view]} onClose={authModals.close}>
      <div className="mt-6">
        {state.view === 'sign-in' && <SignInForm key={state.email ?? ''} email={state.email} redirectTo={state.redirectTo} error={state.error} />}
        {state.view === 'sign-up' && <SignUpForm role={state.role} returnTo={state.returnTo} />}
        {state.view === 'confirm' && <ConfirmEmailForm key={state.email} email={state.email} returnTo={state.returnTo} />}
      </div>
    </ModalDialog>
  );
}

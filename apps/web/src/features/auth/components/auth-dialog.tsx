import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { CloseIcon } from '@/components/ui/icons.tsx';
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
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) authModals.close();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4 sm:items-center"
    >
      <Modal className="my-8 w-full max-w-lg rounded-xl bg-white shadow-2xl">
        <Dialog className="relative p-6 outline-none sm:p-8">
          <Heading slot="title" level={2} className="pr-10 text-2xl font-bold text-slate-900">
            {TITLES[state.view]}
          </Heading>
          <button
            type="button"
            onClick={authModals.close}
            aria-label={t.closeDialog}
            className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50"
          >
            <CloseIcon className="size-6" />
          </button>
          <div className="mt-6">
            {state.view === 'sign-in' && <SignInForm key={state.email ?? ''} email={state.email} redirectTo={state.redirectTo} />}
            {state.view === 'sign-up' && <SignUpForm role={state.role} />}
            {state.view === 'confirm' && <ConfirmEmailForm key={state.email} email={state.email} />}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { confirm } from '@arreglaya/shared/i18n/common';
import { DeleteAccountSchema } from '@arreglaya/shared/schemas/auth';
import { Field } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { deleteAccount } from '../api/account-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const d = t.deleteAccount;
const dangerButton = 'inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70';

/**
 * "Eliminar cuenta": asks for confirmation and the password, deletes, then signs out through
 * /signout (spec §4 Delete account). Used by /perfil/seguridad and the profile pages.
 */
export function DeleteAccountSection() {
  return (
    <section aria-labelledby="delete-account-title" className="rounded-xl border border-red-200 bg-red-50/50 p-6">
      <h2 id="delete-account-title" className="text-xl font-bold text-slate-900">
        {d.title}
      </h2>
      <p className="mt-2 text-slate-700">{d.intro}</p>
      <DialogTrigger>
        <Button className={`${dangerButton} mt-4`}>{d.open}</Button>
        <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/60 p-4">
          <Modal className="w-full max-w-md rounded-xl bg-white shadow-2xl">
            <Dialog role="alertdialog" className="p-6 outline-none">
              {({ close }) => (
                <>
                  <Heading slot="title" level={2} className="text-xl font-bold text-slate-900">
                    {d.dialogTitle}
                  </Heading>
                  <p className="mt-2 text-slate-800">{confirm.deleteAccount}</p>
                  <DeleteForm onCancel={close} />
                </>
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
    </section>
  );
}

function DeleteForm({ onCancel }: { onCancel(): void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ password: string }>({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { password: '' } });

  const onSubmit = async ({ password }: { password: string }) => {
    setFailure(null);
    try {
      const { message } = await deleteAccount(password);
      queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
      messageBox.show({ text: message, kind: 'success' });
      // /signout ends the (already gone) session on the server and clears everything cached.
      void navigate('/signout', { replace: true });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['password'])) setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="mt-4 flex flex-col gap-4" aria-busy={isSubmitting}>
      <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
        {failure}
      </div>
      <Field label={d.passwordLabel} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className={buttonClasses('secondary')}>
          {d.cancel}
        </button>
        <button type="submit" disabled={isSubmitting} className={dangerButton}>
          {isSubmitting ? d.deleting : d.confirm}
        </button>
      </div>
    </form>
  );
}

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { confirm } from '@arreglaya/shared/i18n/common';
import { DeleteAccountSchema } from '@arreglaya/shared/schemas/auth';
import { Field } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
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
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-title" className="rounded-xl border border-red-200 bg-red-50/50 p-6">
      <h2 id="delete-account-title" className="text-xl font-bold text-slate-900">
        {d.title}
      </h2>
      <p className="mt-2 text-slate-700">{d.intro}</p>
      <button type="button" className={`${dangerButton} mt-4`} onClick={() => setOpen(true)}>
        {d.open}
      </button>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

/** Not a ConfirmDialog: the yes needs the password, checked here and by the server (field errors). */
function DeleteDialog({ onClose }: { onClose(): void }) {
  const id = useId();
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
    <ModalDialog title={d.dialogTitle} onClose={onClose} variant="confirm" dismissable={!isSubmitting} alert describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="mt-2 text-slate-800">
        {confirm.deleteAccount}
      </p>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="mt-4 flex flex-col gap-4" aria-busy={isSubmitting}>
        <Field label={d.passwordLabel} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
        </Field>
        <DialogActions failure={failure} cancelLabel={d.cancel} onCancel={onClose} submitLabel={d.confirm} busy={isSubmitting} busyLabel={d.deleting} danger focusCancel />
      </form>
    </ModalDialog>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { CreateSysadminSchema, type CreateSysadminInput } from '@arreglaya/shared/schemas/admin-console';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { ApiError } from '@/lib/api.ts';
import { adminActions } from '../api/admin-api.ts';

const FIELDS = ['email', 'password'] as const;

/**
 * "Crear sysadmin": a new account that may use the console (decision 050). The form is checked
 * first, then the question names the e-mail; the request leaves only after the yes, once. A
 * refusal (an e-mail that already has an account: 409) stays in the question and on its field.
 */
export function CreateSysadminForm({ onCreated }: { onCreated: () => unknown }) {
  const messageBox = useMessageBox();
  const [asking, setAsking] = useState<CreateSysadminInput | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<CreateSysadminInput>({
    resolver: zodResolver(CreateSysadminSchema),
    defaultValues: { email: '', password: '' },
  });
  const create = async (values: CreateSysadminInput) => {
    try {
      await adminActions.createSysadmin(values);
    } catch (error) {
      // Kept on the field too (without moving the focus out of the question): it is there once the question is closed.
      if (error instanceof ApiError) for (const name of FIELDS) if (error.fields?.[name]) setError(name, { type: 'server', message: error.fields[name] });
      throw error;
    }
    reset();
    messageBox.show({ text: t.people.created, kind: 'success' });
    await onCreated();
  };
  return (
    <section aria-labelledby="admin-create-sysadmin" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-create-sysadmin" className="text-lg font-semibold text-slate-900">
        {t.people.createSysadmin}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.people.createSysadminHelp}</p>
      <form noValidate onSubmit={(e) => void handleSubmit(setAsking)(e)} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={t.people.emailLabel} error={formState.errors.email?.message} className="flex-1">
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field label={t.people.passwordLabel} error={formState.errors.password?.message} className="flex-1">
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
        <button type="submit" className={buttonClasses('secondary', 'sm:mt-7')}>
          {t.people.create}
        </button>
      </form>
      {asking && (
        <ConfirmDialog
          title={t.people.createAsk(asking.email)}
          confirmLabel={t.people.createConfirm}
          busyLabel={t.people.creating}
          cancelLabel={t.people.createCancel}
          onConfirm={() => create(asking)}
          onClose={() => setAsking(null)}
        >
          {t.people.createWarning}
        </ConfirmDialog>
      )}
    </section>
  );
}

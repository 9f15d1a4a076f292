import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { CreateSysadminSchema, type CreateSysadminInput } from '@arreglaya/shared/schemas/admin-console';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { adminActions } from '../api/admin-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['email', 'password'] as const;

/** "Crear sysadmin": another person who may use the console (the server's ensureSysadmin). */
export function CreateSysadminForm({ onCreated }: { onCreated: () => unknown }) {
  const messageBox = useMessageBox();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const { register, handleSubmit, setError, reset, formState } = useForm<CreateSysadminInput>({
    resolver: zodResolver(CreateSysadminSchema),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = async (values: CreateSysadminInput) => {
    try {
      await adminActions.createSysadmin(values);
      reset();
      messageBox.show({ text: t.people.created, kind: 'success' });
      await onCreated();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) messageBox.show({ text: errorMessage(error), kind: 'error' });
    }
  };
  return (
    <section aria-labelledby="admin-create-sysadmin" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-create-sysadmin" className="text-lg font-semibold text-slate-900">
        {t.people.createSysadmin}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.people.createSysadminHelp}</p>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} aria-busy={isSubmitting} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={t.people.emailLabel} error={formState.errors.email?.message} className="flex-1">
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field label={t.people.passwordLabel} error={formState.errors.password?.message} className="flex-1">
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('secondary', 'sm:mt-7')}>
          {t.people.create}
        </button>
      </form>
    </section>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { ChangePasswordSchema } from '@arreglaya/shared/schemas/auth';
import { Field } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { refreshSession } from '@/lib/session-user.ts';
import { changePassword } from '../api/account-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const s = t.security;
type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /perfil/seguridad: change the password (the server ends the other sessions). */
export function ChangePasswordForm() {
  const messageBox = useMessageBox();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(ChangePasswordSchema), defaultValues: EMPTY });

  const onSubmit = async (values: Values) => {
    setFailure(null);
    try {
      const { message } = await changePassword(values);
      reset(EMPTY);
      messageBox.show({ text: message, kind: 'success' });
      // The session may have been renewed with the new password: read its new expiry.
      void refreshSession(queryClient);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword', 'confirmPassword'])) setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex max-w-lg flex-col gap-4" aria-busy={isSubmitting}>
      {/* Password change failure: the error text in red (spec §8). */}
      <div role="alert" className={failure ? 'font-medium text-red-700' : undefined}>
        {failure}
      </div>
      <Field label={s.currentPassword} error={errors.currentPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />}
      </Field>
      <Field label={s.newPassword} hint={t.passwordHint} error={errors.newPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
      </Field>
      <Field label={s.confirmPassword} error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? s.submitting : s.submit}
        </button>
        <Link to="/olvide" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {s.forgot}
        </Link>
      </div>
    </form>
  );
}

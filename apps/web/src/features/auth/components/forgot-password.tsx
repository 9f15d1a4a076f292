import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { EmailOnlySchema, ResetPasswordSchema } from '@arreglaya/shared/schemas/auth';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { safeRedirectPath, SESSION_QUERY_KEY, SIGNED_OUT } from '@/lib/session-user.ts';
import { forgotPassword, resetPassword } from '../api/auth-api.ts';
import { FormAlert } from './form-alert.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const f = t.forgot;
// The e-mail is a form value without an input (it was typed in the first step): the schema stays whole.
type ResetValues = { email: string; code: string; password: string; confirmPassword: string };

/** /olvide (spec §2): the e-mail, then the code and the new password. */
export function ForgotPassword() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {email === null ? <RequestCodeForm onSent={setEmail} /> : <ResetForm email={email} />}
      <p className="text-sm text-slate-700">
        {f.legalBefore}
        <Link to="/terminos" className="font-semibold text-brand-700 underline underline-offset-2">
          {f.terms}
        </Link>
        {f.legalMiddle}
        <Link to="/privacidad" className="font-semibold text-brand-700 underline underline-offset-2">
          {f.privacy}
        </Link>
        {f.legalAfter}
      </p>
    </div>
  );
}

function RequestCodeForm({ onSent }: { onSent(email: string): void }) {
  const messageBox = useMessageBox();
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(EmailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: { email: string }) => {
    setFailure(null);
    try {
      const { message } = await forgotPassword(email);
      messageBox.show({ text: message, kind: 'success' });
      onSent(email);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <p className="text-slate-700">{f.intro}</p>
      <FormAlert message={failure} />
      <Field label={t.email} error={errors.email?.message}>
        {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" className={inputClasses()} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          {isSubmitting ? f.submitting : f.submit}
        </button>
      </div>
    </form>
  );
}

function ResetForm({ email }: { email: string }) {
  const messageBox = useMessageBox();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { email, code: '', password: '', confirmPassword: '' } });

  const onSubmit = async (values: ResetValues) => {
    setFailure(null);
    try {
      const { message } = await resetPassword(values);
      // The server ended every session of the account, this browser's too.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
      messageBox.show({ text: message, kind: 'success' });
      void navigate(safeRedirectPath(params.get('redirect')) ?? '/', { replace: true });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['code', 'password', 'confirmPassword'])) setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <p className="text-slate-700">
        {f.resetIntro} <strong className="break-all">{email}</strong>
      </p>
      <FormAlert message={failure} />
      <Field label={f.code} error={errors.code?.message}>
        {(control) => <input {...control} {...register('code')} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={inputClasses()} />}
      </Field>
      <Field label={f.newPassword} hint={t.passwordHint} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </Field>
      <Field label={f.confirmPassword} error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto')}>
          {isSubmitting ? f.updating : f.update}
        </button>
      </div>
    </form>
  );
}

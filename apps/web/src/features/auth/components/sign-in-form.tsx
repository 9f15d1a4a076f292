import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { SignInSchema, type SignInInput } from '@arreglaya/shared/schemas/auth';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { ApiError } from '@/lib/api.ts';
import { homeFor, SESSION_QUERY_KEY } from '@/lib/session-user.ts';
import { signIn } from '../api/auth-api.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { FormAlert } from './form-alert.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { PhoneSignInForm } from './phone-sign-in-form.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface SignInFormProps {
  email: string | undefined;
  /** The protected page that was asked for; otherwise the person's own area. */
  redirectTo: string | undefined;
  /** A failure to show from the start (a social sign-in that came back with an error). */
  error?: string;
}

export function SignInForm({ email, redirectTo, error: initialFailure }: SignInFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const messageBox = useMessageBox();
  const [failure, setFailure] = useState<string | null>(initialFailure ?? null);
  // "Entrar con un código a mi teléfono" (decision 071): for accounts made from a phone, and anyone with a verified number.
  const [byPhone, setByPhone] = useState(false);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput>({ resolver: zodResolver(SignInSchema), defaultValues: { email: email ?? '', password: '' } });

  const onSubmit = async (values: SignInInput) => {
    setFailure(null);
    try {
      const session = await signIn(values);
      // Whatever was cached belonged to nobody (or to someone else).
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      authModals.close();
      if (session.user) void navigate(redirectTo ?? homeFor(session.user.role));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        // The server has just mailed a new code: finish the sign-up's confirmation step.
        messageBox.show({ text: error.message, kind: 'info' });
        authModals.openConfirm(values.email.trim(), redirectTo);
        return;
      }
      setFailure(error instanceof ApiError ? error.message : t.signInFallback);
    }
  };

  if (byPhone) return <PhoneSignInForm redirectTo={redirectTo} onUseEmail={() => setByPhone(false)} />;

  return (
    <>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
        <FormAlert message={failure} />
        <Field label={t.email} error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" className={inputClasses()} />}
        </Field>
        <Field label={t.password} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
        </Field>
        <Link to="/olvide" onClick={authModals.close} className="self-start font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.signIn.forgot}
        </Link>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full')}>
          {isSubmitting ? t.signIn.submitting : t.signIn.submit}
        </button>
      </form>
      <button type="button" onClick={() => setByPhone(true)} className={buttonClasses('secondary', 'mt-4 w-full')}>
        {t.phoneSignIn.open}
      </button>
      <SocialButtons redirectTo={redirectTo} />
      <p className="mt-6 text-center text-slate-700">
        {t.signIn.noAccount}{' '}
        <button
          type="button"
          onClick={() => authModals.openSignUp(redirectTo ? { returnTo: redirectTo } : {})}
          className="font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {t.signIn.signUp}
        </button>
      </p>
    </>
  );
}

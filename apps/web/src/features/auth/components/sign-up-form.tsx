import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { shell } from '@arreglaya/shared/i18n/shell';
import { SIGN_UP_ROLES, SignUpSchema, type SignUpInput } from '@arreglaya/shared/schemas/auth';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { PasswordInput } from '@/components/ui/password-input.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { ApiError } from '@/lib/api.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { signUp } from '../api/auth-api.ts';
import { authModals, type SignUpRole } from '@/lib/auth-modals.ts';
import { FormAlert } from './form-alert.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['role', 'firstName', 'lastName', 'email', 'password', 'confirmPassword', 'acceptTerms'] as const;
const ROLE_LABELS: Record<SignUpRole, string> = { client: t.signUp.roleClient, contractor: t.signUp.roleContractor };
const s = t.signUp;

type SignUpValues = Parameters<typeof signUp>[0];

/** returnTo: the form the person signed up from (they come back to it signed in, decision 033). */
export function SignUpForm({ role, returnTo }: { role: SignUpRole | undefined; returnTo?: string | undefined }) {
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { role, firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: SignUpValues) => {
    setFailure(null);
    try {
      await signUp(values);
      authModals.openConfirm(values.email, returnTo);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(error instanceof ApiError ? error.message : t.signUpFallback);
    }
  };

  const roleError = errors.role?.message;
  const termsError = errors.acceptTerms?.message;

  return (
    <>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
        <FormAlert message={failure} />
        <fieldset aria-describedby={roleError ? `${id}-role-error` : undefined}>
          <legend className="font-medium text-slate-800">{s.role}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {SIGN_UP_ROLES.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-400 px-4 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input type="radio" value={value} {...register('role')} aria-invalid={roleError ? true : undefined} className="size-5 accent-brand-700" />
                {ROLE_LABELS[value]}
              </label>
            ))}
          </div>
          {roleError && (
            <p id={`${id}-role-error`} className="mt-1 text-sm font-medium text-red-700">
              {roleError}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={s.firstName} error={errors.firstName?.message}>
            {(control) => <input {...control} {...register('firstName')} type="text" autoComplete="given-name" maxLength={100} className={inputClasses()} />}
          </Field>
          <Field label={s.lastName} error={errors.lastName?.message}>
            {(control) => <input {...control} {...register('lastName')} type="text" autoComplete="family-name" maxLength={100} className={inputClasses()} />}
          </Field>
        </div>
        <Field label={t.email} error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" className={inputClasses()} />}
        </Field>
        <Field label={t.password} hint={t.passwordHint} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
        <Field label={s.confirmPassword} error={errors.confirmPassword?.message}>
          {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
        </Field>
        <div>
          {/* The whole row is the checkbox's label, at least 44 px tall; the links are on a line of their own. */}
          <label htmlFor={`${id}-terms`} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-slate-800">
            <input
              id={`${id}-terms`}
              type="checkbox"
              {...register('acceptTerms')}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? `${id}-terms-error` : undefined}
              className="mt-0.5 size-6 shrink-0 accent-brand-700"
            />
            <span>{s.acceptTerms}</span>
          </label>
          <p className="ml-9 text-sm text-slate-700">
            {s.readBefore}
            <TermsLink to="/terminos" label={s.terms} />
            {s.termsMiddle}
            <TermsLink to="/privacidad" label={s.privacy} />
            {s.termsAfter}
          </p>
          {termsError && (
            <p id={`${id}-terms-error`} className="mt-1 text-sm font-medium text-red-700">
              {termsError}
            </p>
          )}
        </div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('accent', 'w-full')}>
          {isSubmitting ? s.submitting : s.submit}
        </button>
      </form>
      <p className="mt-6 text-center text-slate-700">
        {s.haveAccount}{' '}
        <button
          type="button"
          onClick={() => authModals.openSignIn(returnTo ? { redirectTo: returnTo } : {})}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {s.signIn}
        </button>
      </p>
    </>
  );
}

/** Opens in a new tab so the half-filled form survives reading the terms. */
function TermsLink({ to, label }: { to: string; label: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {label}
      <span className="sr-only"> {shell.newTab}</span>
    </a>
  );
}

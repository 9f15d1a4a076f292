import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { messaging } from '@arreglaya/shared/i18n/messaging';
import { CodeField, PhoneSignInCodeSchema, type PhoneSignInCodeInput } from '@arreglaya/shared/schemas/auth';
import type { CountryCode } from '@arreglaya/shared/countries';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { ApiError } from '@/lib/api.ts';
import { useCountry } from '@/lib/country.ts';
import { homeFor, SESSION_QUERY_KEY } from '@/lib/session-user.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { requestPhoneSignInCode, signInWithPhoneCode } from '../api/auth-api.ts';
import { FormAlert } from './form-alert.tsx';

// "Entrar con un código a mi teléfono" (decision 071): the number, then the 6-digit code it gets by
// WhatsApp or SMS. The answer to the number is the same whoever's it is.

const CodeOnlySchema = z.object({ code: CodeField });
type CodeOnly = z.input<typeof CodeOnlySchema>;

interface PhoneSignInFormProps {
  redirectTo: string | undefined;
  /** Back to e-mail and password. */
  onUseEmail: () => void;
}

export function PhoneSignInForm({ redirectTo, onUseEmail }: PhoneSignInFormProps) {
  const country = useCountry();
  const [sent, setSent] = useState<{ number: string; country: CountryCode; message: string } | null>(null);
  return sent ? (
    <CodeStep sent={sent} redirectTo={redirectTo} onOtherNumber={() => setSent(null)} onUseEmail={onUseEmail} />
  ) : (
    <NumberStep country={country.code as CountryCode} example={country.phoneExample} onSent={setSent} onUseEmail={onUseEmail} />
  );
}

function NumberStep({
  country,
  example,
  onSent,
  onUseEmail,
}: {
  country: CountryCode;
  example: string;
  onSent: (sent: { number: string; country: CountryCode; message: string }) => void;
  onUseEmail: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useInFlight();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PhoneSignInCodeInput, unknown, z.output<typeof PhoneSignInCodeSchema>>({ resolver: zodResolver(PhoneSignInCodeSchema), defaultValues: { number: '', country } });

  const onSubmit = async (values: z.output<typeof PhoneSignInCodeSchema>) => {
    setFailure(null);
    try {
      const { message } = await requestPhoneSignInCode({ number: values.number, country });
      onSent({ number: values.number, country, message });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.number) setError('number', { message: error.fields.number });
      else setFailure(error instanceof ApiError ? error.message : t.signInFallback);
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={sending.busy}>
      <p className="text-slate-700">{t.phoneSignIn.intro}</p>
      <FormAlert message={failure} />
      <Field label={t.phoneSignIn.number} hint={messaging.phone.numberHint(example)} error={errors.number?.message}>
        {(control) => <input {...control} {...register('number')} type="tel" autoComplete="tel" inputMode="tel" className={inputClasses()} />}
      </Field>
      <button type="submit" disabled={sending.busy} aria-busy={sending.busy} className={buttonClasses('primary', 'w-full')}>
        <BusyLabel busy={sending.busy}>{sending.busy ? t.phoneSignIn.sending : t.phoneSignIn.sendCode}</BusyLabel>
      </button>
      <button type="button" onClick={onUseEmail} className="self-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        {t.phoneSignIn.backToEmail}
      </button>
    </form>
  );
}

function CodeStep({
  sent,
  redirectTo,
  onOtherNumber,
  onUseEmail,
}: {
  sent: { number: string; country: CountryCode; message: string };
  redirectTo: string | undefined;
  onOtherNumber: () => void;
  onUseEmail: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState(sent.message);
  const sending = useInFlight();
  const resending = useInFlight();
  const codeInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeOnly, unknown, z.output<typeof CodeOnlySchema>>({ resolver: zodResolver(CodeOnlySchema), defaultValues: { code: '' } });
  const { ref, ...codeField } = register('code');
  useEffect(() => codeInput.current?.focus(), []);

  const onSubmit = async (values: z.output<typeof CodeOnlySchema>) => {
    setFailure(null);
    try {
      const session = await signInWithPhoneCode({ number: sent.number, country: sent.country, code: values.code });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      authModals.close();
      if (session.user) void navigate(redirectTo ?? homeFor(session.user.role));
    } catch (error) {
      if (error instanceof ApiError && error.fields?.code) setError('code', { message: error.fields.code });
      else setFailure(error instanceof ApiError ? error.message : t.signInFallback);
    }
  };

  const resend = () =>
    resending.run(async () => {
      setFailure(null);
      try {
        setNotice((await requestPhoneSignInCode({ number: sent.number, country: sent.country })).message);
      } catch (error) {
        setFailure(error instanceof ApiError ? error.message : t.signInFallback);
      }
    });

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={sending.busy}>
      <p role="status" className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-3 text-brand-900">
        {notice}
      </p>
      <FormAlert message={failure} />
      <Field label={t.phoneSignIn.code} error={errors.code?.message}>
        {(control) => (
          <input
            {...control}
            {...codeField}
            ref={(el) => {
              ref(el);
              codeInput.current = el;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={inputClasses()}
          />
        )}
      </Field>
      <button type="submit" disabled={sending.busy} aria-busy={sending.busy} className={buttonClasses('primary', 'w-full')}>
        <BusyLabel busy={sending.busy}>{sending.busy ? t.phoneSignIn.submitting : t.phoneSignIn.submit}</BusyLabel>
      </button>
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-2">
        <button type="button" onClick={() => void resend()} disabled={resending.busy} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.phoneSignIn.resend}
        </button>
        <button type="button" onClick={onOtherNumber} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.phoneSignIn.changeNumber}
        </button>
        <button type="button" onClick={onUseEmail} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.phoneSignIn.backToEmail}
        </button>
      </div>
    </form>
  );
}

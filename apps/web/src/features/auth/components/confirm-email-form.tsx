import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { auth as t } from '@arreglaya/shared/i18n/auth';
import { VerifyEmailSchema } from '@arreglaya/shared/schemas/auth';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { ApiError } from '@/lib/api.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { homeAfterSignUp, SESSION_QUERY_KEY } from '@/lib/session-user.ts';
import { resendCode, verifyEmail } from '../api/auth-api.ts';
import { authModals } from '@/lib/auth-modals.ts';
import { FormAlert } from './form-alert.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const CodeSchema = VerifyEmailSchema.pick({ code: true });
/** A code was just mailed when this step opens; another one is offered after this wait. */
const RESEND_COOLDOWN_S = 30;
const c = t.confirmEmail;

/**
 * The sign-up's last step. Confirmed in the browser that signed up, the person is signed in at once
 * (the server says so with the session, decision 033) and goes back to the form they came from,
 * or to their area (a contractor to the registration screen, /contractor/profile); otherwise they sign in with their password.
 */
export function ConfirmEmailForm({ email, returnTo }: { email: string; returnTo?: string | undefined }) {
  const messageBox = useMessageBox();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string>(c.enterCode);
  const cooldown = useCooldown(RESEND_COOLDOWN_S);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ resolver: zodResolver(CodeSchema), defaultValues: { code: '' } });

  const onSubmit = async ({ code }: { code: string }) => {
    setFailure(null);
    try {
      const { message, session } = await verifyEmail({ email, code });
      messageBox.show({ text: message, kind: 'success' });
      if (!session?.user) {
        authModals.openSignIn(returnTo ? { email, redirectTo: returnTo } : { email });
        return;
      }
      // Whatever was cached belonged to nobody.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      authModals.close();
      void navigate(returnTo ?? homeAfterSignUp(session.user.role));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['code'])) setFailure(error instanceof ApiError ? error.message : t.signUpFallback);
    }
  };

  const onResend = async () => {
    setFailure(null);
    cooldown.start();
    try {
      const { message } = await resendCode(email);
      setNotice(message);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t.signUpFallback);
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <p className="text-slate-800">
        {c.sentTo} <strong className="break-all">{email}</strong>
      </p>
      <p role="status" className="text-slate-700">
        {notice}
      </p>
      <FormAlert message={failure} />
      <Field label={c.code} error={errors.code?.message}>
        {(control) => (
          <input
            {...control}
            {...register('code')}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={inputClasses('tracking-[0.4em] text-lg')}
          />
        )}
      </Field>
      <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full')}>
        {isSubmitting ? c.submitting : c.submit}
      </button>
      <button type="button" onClick={() => void onResend()} disabled={cooldown.left > 0} className={buttonClasses('secondary', 'w-full disabled:opacity-70')}>
        {cooldown.left > 0 ? c.resendIn(cooldown.left) : c.resend}
      </button>
    </form>
  );
}

/** Seconds left of a wait that starts now and again on each `start()`. */
function useCooldown(seconds: number): { left: number; start(): void } {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return {
    left,
    start: () => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { BanSchema, type AdminPerson, type BanInput } from '@arreglaya/shared/schemas/admin-console';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { adminActions, adminKeys } from '../api/admin-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

/** Runs one console action: its message on success, the server's on failure; the console's data is read again. */
function useAction() {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const inFlight = useInFlight();
  /** True when the action succeeded; false when it failed or another was still in flight. */
  const run = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    let done = false;
    await inFlight.run(async () => {
      try {
        await action();
        messageBox.show({ text: success, kind: 'success' });
        done = true;
      } catch (error) {
        messageBox.show({ text: errorMessage(error), kind: 'error' });
      } finally {
        await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      }
    });
    return done;
  };
  return { busy: inFlight.busy, run };
}

function BanForm({ person }: { person: AdminPerson }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const { register, handleSubmit, setError, reset, formState } = useForm<BanInput>({ resolver: zodResolver(BanSchema), defaultValues: { reason: '' } });
  const onSubmit = async (values: BanInput) => {
    try {
      await adminActions.ban(person.id, values);
      reset();
      messageBox.show({ text: t.person.banned, kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['reason'])) messageBox.show({ text: errorMessage(error), kind: 'error' });
    }
  };
  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} aria-busy={isSubmitting} className="flex flex-col gap-3">
      <Field label={t.person.banReason} error={formState.errors.reason?.message}>
        {(control) => <textarea {...control} {...register('reason')} rows={2} maxLength={500} className={inputClasses()} />}
      </Field>
      <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'self-start')}>
        {t.person.banConfirm}
      </button>
    </form>
  );
}

function VerifyControl({ person }: { person: AdminPerson }) {
  const { busy, run } = useAction();
  const [checked, setChecked] = useState(false);
  const verified = Boolean(person.contractor?.verifiedAt);
  if (verified) {
    return (
      <button
        type="button"
        disabled={busy}
        className={buttonClasses('secondary', 'self-start')}
        onClick={() => void run(() => adminActions.verify(person.id, { verified: false }), t.person.verifiedSaved)}
      >
        {t.person.unverify}
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label className="flex min-h-11 items-center gap-2 text-slate-900">
        <input type="checkbox" className="size-5" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        {t.person.cedulaChecked}
      </label>
      <button
        type="button"
        disabled={busy}
        className={buttonClasses('secondary', 'self-start')}
        onClick={() => void run(() => adminActions.verify(person.id, { verified: true, cedulaChecked: checked }), t.person.verifiedSaved)}
      >
        {t.person.verify}
      </button>
    </div>
  );
}

/** Ban or unban, Verificado, Destacado, a new confirmation code (issue 16, console item 2). */
export function PersonActions({ person }: { person: AdminPerson }) {
  const { user } = useViewer();
  const { busy, run } = useAction();
  const self = user?.id === person.id;
  return (
    <section aria-labelledby="admin-person-actions" className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-person-actions" className="text-lg font-semibold text-slate-900">
        {t.person.actions}
      </h2>
      {person.status === 'banned' ? (
        <button type="button" disabled={busy} className={buttonClasses('secondary', 'self-start')} onClick={() => void run(() => adminActions.unban(person.id), t.person.unbanned)}>
          {t.person.unban}
        </button>
      ) : self ? (
        <p className="text-slate-700">{t.person.cannotBanSelf}</p>
      ) : (
        person.status === 'active' && <BanForm person={person} />
      )}
      {person.contractor && (
        <>
          <VerifyControl person={person} />
          <button
            type="button"
            disabled={busy}
            className={buttonClasses('secondary', 'self-start')}
            onClick={() => void run(() => adminActions.feature(person.id, !person.contractor!.featured), t.person.featuredSaved)}
          >
            {person.contractor.featured ? t.person.unfeature : t.person.feature}
          </button>
        </>
      )}
      {!person.emailVerified && person.status === 'active' && (
        <button
          type="button"
          disabled={busy}
          className={buttonClasses('secondary', 'self-start')}
          onClick={() => void run(() => adminActions.resendCode(person.id), t.person.codeSent)}
        >
          {t.person.resendCode}
        </button>
      )}
    </section>
  );
}

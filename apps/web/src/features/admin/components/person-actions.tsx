import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { BanSchema, type AdminPerson, type BanInput } from '@arreglaya/shared/schemas/admin-console';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { adminActions, adminKeys } from '../api/admin-api.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

/** An action waiting for the sysadmin's yes: the question (it names the person), what will happen, and the request. */
interface Ask {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** The message box's sentence once done. */
  success: string;
  act: () => Promise<unknown>;
  /** After success (e.g. empty the ban's reason). */
  done?: () => void;
}

/**
 * The confirmation before an action on a person (issue 46): one request per yes (a double tap
 * sends one, decision 032); the console's data is read again before the dialog closes and the
 * message box speaks, so the page already shows the new state. A refusal stays in the dialog.
 */
function ConfirmAction({ ask, onClose }: { ask: Ask; onClose: () => void }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const confirm = async () => {
    try {
      await ask.act();
    } finally {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    }
    ask.done?.();
    messageBox.show({ text: ask.success, kind: 'success' });
  };
  return (
    <ConfirmDialog title={ask.title} confirmLabel={ask.confirmLabel} cancelLabel={t.person.cancel} danger={ask.danger} onConfirm={confirm} onClose={onClose}>
      {ask.text}
    </ConfirmDialog>
  );
}

const nameOf = (person: AdminPerson) => `${person.firstName} ${person.lastName}`.trim() || person.email;

/** The reason, checked here; the question comes next (ConfirmAction), then the request. */
function BanForm({ person, onAsk }: { person: AdminPerson; onAsk: (ask: Ask) => void }) {
  const { register, handleSubmit, reset, formState } = useForm<BanInput>({ resolver: zodResolver(BanSchema), defaultValues: { reason: '' } });
  const onSubmit = (values: BanInput) =>
    onAsk({
      title: t.person.banAsk(nameOf(person)),
      text: t.person.banWarning(person.email, values.reason),
      confirmLabel: t.person.banConfirm,
      danger: true,
      success: t.person.banned,
      act: () => adminActions.ban(person.id, values),
      done: () => reset(),
    });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="flex flex-col gap-3">
      <Field label={t.person.banReason} error={formState.errors.reason?.message}>
        {(control) => <textarea {...control} {...register('reason')} rows={2} maxLength={500} className={inputClasses()} />}
      </Field>
      <button type="submit" className={buttonClasses('primary', 'self-start')}>
        {t.person.banConfirm}
      </button>
    </form>
  );
}

function VerifyControl({ person, onAsk }: { person: AdminPerson; onAsk: (ask: Ask) => void }) {
  const [checked, setChecked] = useState(false);
  const [unchecked, setUnchecked] = useState(false);
  const verified = Boolean(person.contractor?.verifiedAt);
  if (verified) {
    return (
      <button
        type="button"
        className={buttonClasses('secondary', 'self-start')}
        onClick={() =>
          onAsk({
            title: t.person.unverifyAsk(nameOf(person)),
            text: t.person.unverifyWarning,
            confirmLabel: t.person.unverify,
            success: t.person.verifiedSaved,
            act: () => adminActions.verify(person.id, { verified: false }),
          })
        }
      >
        {t.person.unverify}
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label className="flex min-h-11 items-center gap-2 text-slate-900">
        <input
          type="checkbox"
          className="size-5"
          checked={checked}
          aria-describedby={unchecked ? `${person.id}-cedula-check` : undefined}
          onChange={(e) => {
            setChecked(e.target.checked);
            setUnchecked(false);
          }}
        />
        {t.person.cedulaChecked}
      </label>
      {/* Asked before the question: Verificado needs the tick (the server refuses it too, VerifySchema). */}
      <p id={`${person.id}-cedula-check`} role="alert" className={unchecked ? 'font-medium text-red-800' : 'sr-only'}>
        {unchecked ? t.person.cedulaCheckRequired : ''}
      </p>
      <button
        type="button"
        className={buttonClasses('secondary', 'self-start')}
        onClick={() => {
          if (!checked) {
            setUnchecked(true);
            return;
          }
          onAsk({
            title: t.person.verifyAsk(nameOf(person)),
            text: t.person.verifyWarning,
            confirmLabel: t.person.verify,
            success: t.person.verifiedSaved,
            act: () => adminActions.verify(person.id, { verified: true, cedulaChecked: true }),
            done: () => setChecked(false),
          });
        }}
      >
        {t.person.verify}
      </button>
    </div>
  );
}

/** Ban or unban, Verificado, Destacado (each asks first), a new confirmation code (issue 16, console item 2). */
export function PersonActions({ person }: { person: AdminPerson }) {
  const { user } = useViewer();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const inFlight = useInFlight();
  const [asking, setAsking] = useState<Ask | null>(null);
  const self = user?.id === person.id;
  const featured = Boolean(person.contractor?.featured);
  // A new code only mails the person: no question, one request per tap.
  const resendCode = () =>
    inFlight.run(async () => {
      try {
        await adminActions.resendCode(person.id);
        messageBox.show({ text: t.person.codeSent, kind: 'success' });
      } catch (error) {
        messageBox.show({ text: errorMessage(error), kind: 'error' });
      } finally {
        await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      }
    });
  return (
    <section aria-labelledby="admin-person-actions" className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-person-actions" className="text-lg font-semibold text-slate-900">
        {t.person.actions}
      </h2>
      {person.status === 'banned' ? (
        <button
          type="button"
          className={buttonClasses('secondary', 'self-start')}
          onClick={() =>
            setAsking({
              title: t.person.unbanAsk(nameOf(person)),
              text: t.person.unbanWarning,
              confirmLabel: t.person.unban,
              success: t.person.unbanned,
              act: () => adminActions.unban(person.id),
            })
          }
        >
          {t.person.unban}
        </button>
      ) : self ? (
        <p className="text-slate-700">{t.person.cannotBanSelf}</p>
      ) : (
        person.status === 'active' && <BanForm person={person} onAsk={setAsking} />
      )}
      {person.contractor && (
        <>
          <VerifyControl person={person} onAsk={setAsking} />
          <button
            type="button"
            className={buttonClasses('secondary', 'self-start')}
            onClick={() =>
              setAsking({
                title: featured ? t.person.unfeatureAsk(nameOf(person)) : t.person.featureAsk(nameOf(person)),
                text: featured ? t.person.unfeatureWarning : t.person.featureWarning,
                confirmLabel: featured ? t.person.unfeature : t.person.feature,
                success: t.person.featuredSaved,
                act: () => adminActions.feature(person.id, !featured),
              })
            }
          >
            {featured ? t.person.unfeature : t.person.feature}
          </button>
        </>
      )}
      {!person.emailVerified && person.status === 'active' && (
        <button type="button" disabled={inFlight.busy} aria-busy={inFlight.busy} className={buttonClasses('secondary', 'self-start')} onClick={() => void resendCode()}>
          {t.person.resendCode}
        </button>
      )}
      {asking && <ConfirmAction ask={asking} onClose={() => setAsking(null)} />}
    </section>
  );
}

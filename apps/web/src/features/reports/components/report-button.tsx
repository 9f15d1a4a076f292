import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { REPORT_REASONS } from '@arreglaya/shared/domain';
import { reportReasonLabels, reports as t } from '@arreglaya/shared/i18n/admin-ops';
import { ReportFormSchema } from '@arreglaya/shared/schemas/admin-ops';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { api } from '@/lib/api.ts';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

type ReportInput = z.input<typeof ReportFormSchema>;
type ReportOutput = z.output<typeof ReportFormSchema>;

/** What is reported: a contractor's profile, or a message of one of the reporter's conversations. */
export type ReportTarget = { targetKind: 'profile'; contractorId: string } | { targetKind: 'message'; messageId: string };

/**
 * "Reportar" on a contractor's public page and under the other person's messages in the chat: for
 * a signed-in client or contractor (not the contractor themself, not a visitor, whose
 * server-rendered page stays as it is). Opens a short form in place: a reason from the list and
 * optional details. The sysadmin's queue is /admin/moderacion (decision 027).
 */
export function ReportButton({ target }: { target: ReportTarget }) {
  const { user } = useViewer();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const messageBox = useMessageBox();
  const form = useForm<ReportInput, unknown, ReportOutput>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: { ...target, reason: undefined, details: '' },
  });
  const send = useMutation({
    mutationFn: (values: ReportOutput) => api.post<{ message: string }>('/api/reports', values),
    onSuccess: (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      form.reset();
      setOpen(false);
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, ['reason', 'details'])) messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
  });
  const inFlight = useInFlight();
  if (!user || user.role === 'sysadmin' || (target.targetKind === 'profile' && user.id === target.contractorId)) return null;
  const errors = form.formState.errors;
  return (
    <div className={target.targetKind === 'profile' ? 'mt-3' : undefined}>
      <button
        type="button"
        aria-label={target.targetKind === 'message' ? t.messageTitle : undefined}
        aria-expanded={open}
        aria-controls={formId}
        className={buttonClasses('ghost', 'px-2 text-sm')}
        onClick={() => setOpen((v) => !v)}
      >
        {t.button}
      </button>
      {open && (
        <form
          id={formId}
          noValidate
          aria-label={target.targetKind === 'profile' ? t.title : t.messageTitle}
          className="mt-2 flex max-w-md flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
          onSubmit={form.handleSubmit((values) => inFlight.send(send, values))}
        >
          <Field label={t.reason} error={errors.reason?.message}>
            {(control) => (
              <select {...control} className={inputClasses()} {...form.register('reason')} defaultValue="">
                <option value="" disabled>
                  —
                </option>
                {REPORT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {reportReasonLabels[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t.details} error={errors.details?.message}>
            {(control) => <textarea {...control} rows={3} className={inputClasses()} {...form.register('details')} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClasses('primary')} disabled={inFlight.busy} aria-busy={inFlight.busy}>
              <BusyLabel busy={inFlight.busy}>{t.submit}</BusyLabel>
            </button>
            <button type="button" className={buttonClasses('secondary')} onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

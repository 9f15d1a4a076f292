import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { REPORT_REASONS } from '@arreglaya/shared/domain';
import { reportReasonLabels, reports as t } from '@arreglaya/shared/i18n/reports';
import { ReportFormSchema } from '@arreglaya/shared/schemas/admin-ops';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { api } from '@/lib/api.ts';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import type { ReportTarget } from './report-target.ts';

type ReportInput = z.input<typeof ReportFormSchema>;
type ReportOutput = z.output<typeof ReportFormSchema>;

/**
 * The report's short form: a reason from the list and optional details, checked with the API's
 * schema. A module of its own, loaded when a signed-in person may report (report-button.tsx): a
 * visitor's contractor page does not load the form's code (zod, the schemas, the form library).
 */
export default function ReportForm({ target, id, onClose }: { target: ReportTarget; id: string; onClose: () => void }) {
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
      onClose();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, ['reason', 'details'])) messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
  });
  const inFlight = useInFlight();
  const errors = form.formState.errors;
  return (
    <form
      id={id}
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
        <button type="button" className={buttonClasses('secondary')} onClick={onClose}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contractorContact as t } from '@arreglaya/shared/i18n/contractor-contact';
import { ContactContractorSchema, type ContactContractorInput, type ContractorCard } from '@arreglaya/shared/schemas/directory';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { MESSAGE_BOX_MS } from '@/components/ui/message-box.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { useContactContext, useSendServiceRequest } from '../api/contractor-contact-queries.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = ['message', 'projectId'] as const;
const MESSAGE_MAX = 2000;

interface ContactContractorDialogProps {
  contractor: ContractorCard;
  clientId: string;
  onClose: () => void;
}

/** A project's start date is a calendar day (YYYY-MM-DD): read at local noon so no time zone moves it. */
const startDateLabel = (isoDate: string) => formatDate(`${isoDate}T12:00:00`);

/**
 * The Contact Contractor dialog (spec §2 Modals): who is being contacted, the client's project
 * (when they have open ones) and the required message; the server's answer replaces the form,
 * and the dialog closes a moment later.
 */
export function ContactContractorDialog({ contractor, clientId, onClose }: ContactContractorDialogProps) {
  const context = useContactContext(clientId, contractor.id);
  const send = useSendServiceRequest(contractor.id);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactContractorInput>({ resolver: zodResolver(ContactContractorSchema), defaultValues: { message: '' } });

  useEffect(() => {
    if (sent === null) return;
    const timer = window.setTimeout(onClose, MESSAGE_BOX_MS);
    return () => window.clearTimeout(timer);
  }, [sent, onClose]);

  const onSubmit = async (values: ContactContractorInput) => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync(values);
      setSent(answer.message);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(t.sendError(errorMessage(error)));
    }
  };

  const projects = context.data?.projects ?? [];
  return (
    <ModalDialog title={t.title} onClose={onClose}>
      <div className="mt-5 flex items-center gap-4 rounded-lg bg-brand-50 p-4">
        <Avatar src={contractor.avatarPhotoId ? `/api/photos/${contractor.avatarPhotoId}/sm` : null} size="md" className="size-16" />
        <div className="min-w-0">
          <p className="text-lg font-bold text-slate-900">{contractor.name}</p>
          {contractor.companyName && <p className="text-slate-700">{contractor.companyName}</p>}
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <StarRating value={contractor.ratingAvg} />
            <span>({t.reviews(contractor.ratingCount, formatNumber(contractor.ratingCount))})</span>
          </p>
        </div>
      </div>

      <div role="status" aria-live="polite">
        {sent !== null && <p className="mt-6 rounded-md border-l-4 border-green-700 bg-green-50 p-4 font-medium text-green-900">{sent}</p>}
      </div>
      {sent !== null ? (
        <div className="mt-6 flex justify-end">
          {/* The form (and the focused Enviar) is gone: the focus moves to what is left to do. */}
          <button type="button" autoFocus onClick={onClose} className={buttonClasses('secondary')}>
            {t.close}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="mt-6 flex flex-col gap-5" aria-busy={isSubmitting}>
          {context.isPending ? (
            <p className="flex items-center gap-2 text-slate-700">
              <Spinner /> <span aria-hidden="true">{t.loadingProjects}</span>
            </p>
          ) : (
            projects.length > 0 && (
              <Field label={t.project} hint={t.projectHint} error={errors.projectId?.message}>
                {(control) => (
                  <select {...control} {...register('projectId', { setValueAs: (v: string) => v || undefined })} className={inputClasses()}>
                    <option value="">{t.noProject}</option>
                    {projects.map((p) => (
                      <option key={p.id} value={p.id}>
                        {t.projectOption(p.title, startDateLabel(p.startDate))}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )
          )}
          <Field label={t.message} hint={t.messageHint} error={errors.message?.message}>
            {(control) => <textarea {...control} {...register('message')} rows={5} maxLength={MESSAGE_MAX} className={inputClasses('resize-y')} />}
          </Field>
          <DialogActions
            failure={failure ?? (context.isError ? errorMessage(context.error) : null)}
            cancelLabel={t.close}
            onCancel={onClose}
            submitLabel={t.submit}
            busy={isSubmitting}
            busyLabel={t.submitting}
          />
        </form>
      )}
    </ModalDialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** An optional comment or note field (reject, claim). */
  comment?: { label: string; maxLength: number };
  danger?: boolean;
  /** Does the action; a thrown error's Spanish message stays in the dialog. */
  onConfirm: (comment: string | undefined) => Promise<void>;
  onClose: () => void;
}

/** An alert dialog that asks before an action that cannot be undone (delete, cancel, accept, reject, approve). */
export function ConfirmDialog({ title, text, confirmLabel, comment, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const sending = useInFlight();
  const busy = sending.busy;
  const [failure, setFailure] = useState<string | null>(null);

  // One tap, one request: a second submit while the first is in flight does nothing.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await sending.run(async () => {
      setFailure(null);
      try {
        await onConfirm(value.trim() === '' ? undefined : value.trim());
        onClose();
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });
  };

  return (
    <ModalDialog title={title} onClose={onClose} variant="confirm" dismissable={!busy} alert describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="mt-2 text-slate-800">
        {text}
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
        {comment && (
          <Field label={comment.label}>
            {(c) => <textarea {...c} value={value} onChange={(e) => setValue(e.target.value)} rows={3} maxLength={comment.maxLength} className={inputClasses('resize-y')} />}
          </Field>
        )}
        <DialogActions failure={failure} cancelLabel={t.list.keep} onCancel={onClose} submitLabel={confirmLabel} busy={busy} danger={danger} />
      </form>
    </ModalDialog>
  );
}

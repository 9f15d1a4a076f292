import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { dialog } from '@arreglaya/shared/i18n/common';
import { Field, inputClasses } from './field.tsx';
import { DialogActions, ModalDialog } from './modal-dialog.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface ConfirmDialogProps {
  /** The question, naming what and whom (the dialog's name). */
  title: string;
  /** What will happen, the dialog's description: a sentence (one paragraph), or paragraphs of their own (a claim's amounts). */
  children: ReactNode;
  confirmLabel: string;
  /** On the confirm button while the action runs (its label otherwise). */
  busyLabel?: string;
  /** The way back, and the button that has the focus when the dialog opens ('No, volver' unless told). */
  cancelLabel?: string;
  /** An optional comment or note field (reject, claim). */
  comment?: { label: string; maxLength: number };
  /** A red confirm button: the action removes, refuses, suspends or ends something. */
  danger?: boolean;
  /**
   * Does the action; the dialog closes once it has resolved. A thrown error's Spanish message stays
   * in the dialog, announced, with the buttons usable again.
   */
  onConfirm: (comment: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The app's one confirmation: an alert dialog that asks before an action that cannot be undone
 * (delete, cancel, accept, reject, approve, suspend, send, move money, create a sysadmin).
 *
 * - One tap, one request (decision 032): a second confirm while the first is in flight does
 *   nothing, both buttons are disabled meanwhile, and neither a click outside nor Escape closes it.
 * - The focus starts on the way back (the safe action), stays inside while it is open (ModalDialog,
 *   react-aria's focus scope) and returns to the button that opened it once it closes.
 * - Escape and the way back close it without doing anything.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, cancelLabel = dialog.keep, comment, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const sending = useInFlight();
  const busy = sending.busy;
  const [failure, setFailure] = useState<string | null>(null);

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
      {typeof children === 'string' ? (
        <p id={`${id}-text`} className="mt-2 break-words text-slate-800">
          {children}
        </p>
      ) : (
        <div id={`${id}-text`} className="mt-2 flex flex-col gap-2 break-words text-slate-800">
          {children}
        </div>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
        {comment && (
          <Field label={comment.label}>
            {(c) => <textarea {...c} value={value} onChange={(e) => setValue(e.target.value)} rows={3} maxLength={comment.maxLength} className={inputClasses('resize-y')} />}
          </Field>
        )}
        <DialogActions failure={failure} cancelLabel={cancelLabel} onCancel={onClose} submitLabel={confirmLabel} busy={busy} busyLabel={busyLabel} danger={danger} focusCancel />
      </form>
    </ModalDialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { errorMessage } from '@/lib/form-errors.ts';

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

const dangerButton = 'inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70';

/** An alert dialog that asks before an action that cannot be undone (delete, cancel, accept, reject, approve). */
export function ConfirmDialog({ title, text, confirmLabel, comment, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(value.trim() === '' ? undefined : value.trim());
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <ModalOverlay
      isOpen
      isDismissable={!busy}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4 sm:items-center"
    >
      <Modal className="my-8 w-full max-w-md rounded-xl bg-white shadow-2xl">
        <Dialog role="alertdialog" aria-describedby={`${id}-text`} className="p-6 outline-none">
          <Heading slot="title" level={2} className="text-xl font-bold text-slate-900">
            {title}
          </Heading>
          <p id={`${id}-text`} className="mt-2 text-slate-800">
            {text}
          </p>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
            {comment && (
              <Field label={comment.label}>
                {(c) => <textarea {...c} value={value} onChange={(e) => setValue(e.target.value)} rows={3} maxLength={comment.maxLength} className={inputClasses('resize-y')} />}
              </Field>
            )}
            <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
              {failure}
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" onClick={onClose} disabled={busy} className={buttonClasses('secondary')}>
                {t.list.keep}
              </button>
              <button type="submit" disabled={busy} className={danger ? dangerButton : buttonClasses('primary')}>
                {confirmLabel}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { projectsWeb } from '@arreglaya/shared/i18n/projects';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { HIRE_END_REASON_MAX } from '@arreglaya/shared/form-limits';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { errorMessage, parseOnSend } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { endHire, projectKeys } from '../project.ts';
import { viewerMay } from '../viewer-may.ts';
import { showUpKeys } from '../show-up.ts';

const t = projectsWeb.endHire;

/**
 * Ending a hire before anything is funded (issue 29): the client's "Cancelar contratación" or the
 * hired contractor's "Retirarme de este trabajo", each asking for a reason (HireEndSchema, the
 * server's own) in a dialog; the project reopens to offers. Shown only while PROJECT_ACTIONS allows
 * the move and nothing is funded (UNFUNDED_ONLY: the server answers 409 otherwise, with its reason).
 */
export function EndHire({ project: p, userId }: { project: ProjectDetail; userId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const action = viewerMay('cancel_hire', p) ? 'cancel' : viewerMay('withdraw_hire', p) ? 'withdraw' : null;
  if (!action || !p.money || p.money.fundedMinor > 0) return null;
  const label = action === 'cancel' ? t.cancel : t.withdraw;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {label}
      </h2>
      <p className="text-slate-800">{action === 'cancel' ? t.cancelIntro : t.withdrawIntro}</p>
      <button type="button" onClick={() => setOpen(true)} className={buttonClasses('secondary')}>
        {label}
      </button>
      {open && <EndHireDialog projectId={p.id} userId={userId} action={action} onClose={() => setOpen(false)} />}
    </section>
  );
}

interface EndHireDialogProps {
  projectId: string;
  userId: string;
  action: 'cancel' | 'withdraw';
  onClose: () => void;
  /** What happens, when not the unfunded hire's (a funded hire's step back, decision 057). */
  text?: string;
}

export function EndHireDialog({ projectId, userId, action, onClose, text }: EndHireDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const sending = useInFlight();
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const title = action === 'cancel' ? t.cancel : t.withdraw;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // In flight from the tap: the form's schema (zod) comes with its first send, not with the
    // project page (decision 070), and the button is busy while it downloads.
    await sending.run(async () => {
      const parsed = await parseOnSend(
        () => import('@arreglaya/shared/schemas/quotes').then((m) => m.HireEndSchema),
        { reason },
        { failure: setFailure, field: setFieldError, focus: () => reasonRef.current?.focus() },
      );
      if (!parsed) return;
      setFailure(null);
      try {
        const { message } = await endHire(projectId, parsed.reason);
        onClose();
        messageBox.show({ text: message, kind: 'success' });
        // The page, the lists and the contractor's own offers on this project; not the arrival,
        // which the contractor no longer hired may not read (the project's new version hides it).
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: projectKeys.all(userId) }),
          queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes(projectId) && q.queryKey[0] !== showUpKeys.all(userId)[0] }),
        ]);
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });
  };

  return (
    <ModalDialog title={title} onClose={onClose} variant="confirm" dismissable={!sending.busy} alert describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="mt-2 text-slate-800">
        {text ?? (action === 'cancel' ? t.cancelText : t.withdrawText)}
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" aria-busy={sending.busy}>
        <Field label={t.reason} hint={t.reasonHint} error={fieldError}>
          {(c) => (
            <textarea
              {...c}
              ref={reasonRef}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={HIRE_END_REASON_MAX}
              required
              className={inputClasses('resize-y')}
            />
          )}
        </Field>
        <DialogActions
          failure={failure}
          cancelLabel={t.keep}
          onCancel={onClose}
          submitLabel={action === 'cancel' ? t.confirmCancel : t.confirmWithdraw}
          busy={sending.busy}
          busyLabel={t.sending}
          danger
        />
      </form>
    </ModalDialog>
  );
}

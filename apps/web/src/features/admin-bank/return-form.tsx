import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import { RecordReturnSchema, RETURN_EARLIEST_DAY, type RecordReturn } from '@arreglaya/shared/schemas/statements';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { formatDate } from '@/lib/format.ts';
import type { ConfirmComponent } from './confirm-component.ts';

type Problems = Partial<Record<keyof RecordReturn, string>>;

/**
 * "Registrar devolución": the bank's reference of the return and its day (today unless changed),
 * checked with the API's own schema, then asked once more in the confirmation dialog, then sent
 * once; afterwards `refresh` lists are read again.
 */
export function ReturnForm(props: {
  id: string;
  submitLabel: string;
  Confirm: ConfirmComponent;
  /** The confirmation's title, words and button, for the checked return. */
  confirm: (r: RecordReturn) => { title: string; text: string; confirmLabel: string };
  send: (r: RecordReturn) => Promise<{ message: string }>;
  refresh: readonly (readonly string[])[];
  onCancel: () => void;
  onResolved: () => void;
}) {
  const { id, submitLabel, Confirm, confirm, send, refresh, onCancel, onResolved } = props;
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const firstInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const today = todayIn('DO');
  const [values, setValues] = useState<RecordReturn>({ returnRef: '', returnedOn: today });
  const [problems, setProblems] = useState<Problems>({});
  const [asking, setAsking] = useState<RecordReturn | null>(null);

  useEffect(() => firstInput.current?.focus(), []);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onResolved();
    },
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RecordReturnSchema.safeParse(values);
    if (parsed.success) {
      setProblems({});
      setAsking(parsed.data);
      return;
    }
    const found: Problems = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof RecordReturn;
      found[field] ??= issue.message;
    }
    setProblems(found);
    // The first refused field takes the focus: its message, bound to it, is read with it.
    if (found.returnRef) firstInput.current?.focus();
    else dateInput.current?.focus();
  };

  const asked = asking ? confirm({ ...asking, returnedOn: formatDate(asking.returnedOn) }) : null;
  return (
    <>
      <form id={id} noValidate onSubmit={review} className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
        <Field label={t.queue.returnRefLabel} hint={t.queue.returnRefHint} error={problems.returnRef}>
          {(c) => (
            <input
              {...c}
              ref={firstInput}
              type="text"
              value={values.returnRef}
              onChange={(e) => setValues((v) => ({ ...v, returnRef: e.target.value }))}
              maxLength={140}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className={inputClasses('sm:max-w-md')}
            />
          )}
        </Field>
        <Field label={t.queue.returnedOnLabel} hint={t.queue.returnedOnHint} error={problems.returnedOn}>
          {(c) => (
            <input
              {...c}
              ref={dateInput}
              type="date"
              value={values.returnedOn}
              min={RETURN_EARLIEST_DAY}
              max={today}
              onChange={(e) => setValues((v) => ({ ...v, returnedOn: e.target.value }))}
              className={inputClasses('sm:max-w-56')}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses('primary')}>
            {submitLabel}
          </button>
          <button type="button" className={buttonClasses('ghost')} onClick={onCancel}>
            {t.queue.cancel}
          </button>
        </div>
      </form>
      {/* Beside the form, not in it: the dialog's own submit must not bubble (through React's portal) into this one. */}
      {asking && asked && <Confirm {...asked} onConfirm={() => mutation.mutateAsync(asking).then(() => undefined)} onClose={() => setAsking(null)} />}
    </>
  );
}

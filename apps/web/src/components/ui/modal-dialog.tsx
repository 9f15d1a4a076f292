import { buttonClasses } from './button.ts';
import { onDemand } from './on-demand.tsx';

/**
 * Every modal dialog of the app (modal-dialog-frame.tsx: react-aria's overlay, focus trap and
 * Escape, the title as its name, one size per variant). Its code is not part of any page's first
 * load (decision 070): the first dialog of a visit opens once it has arrived (one round trip on a
 * slow line; on a fast one after-first-load.ts fetched it ahead), every later one at once.
 */
export const ModalDialog = onDemand(() => import('./modal-dialog-frame.tsx').then((m) => m.ModalFrame));

/** Fetches the dialogs' code now: on a fast line, ahead of the first tap (after-first-load.ts). */
export const preloadModalDialog = ModalDialog.preload;

const dangerButton = 'inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70';

interface DialogActionsProps {
  /** The server's refusal, in Spanish; announced as an alert. */
  failure: string | null | undefined;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  /** Shown on the submit button while busy (defaults to its label). */
  busyLabel?: string;
  danger?: boolean;
  /** The way back has the focus when the dialog opens (a confirmation: the safe action first). */
  focusCancel?: boolean;
}

/** The end of a dialog's form: the refusal (an always-present live region) and Cancel / Submit, stacked on a phone. */
export function DialogActions({ failure, cancelLabel, onCancel, submitLabel, busy, busyLabel, danger, focusCancel }: DialogActionsProps) {
  return (
    <>
      <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
        {failure}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* autoFocus: react-aria's dialog keeps a focus already inside it and still returns it to the opener on close. */}
        <button type="button" onClick={onCancel} disabled={busy} autoFocus={focusCancel} className={buttonClasses('secondary')}>
          {cancelLabel}
        </button>
        <button type="submit" disabled={busy} className={danger ? dangerButton : buttonClasses('primary', 'sm:min-w-32')}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

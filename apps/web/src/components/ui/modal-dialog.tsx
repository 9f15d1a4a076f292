import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { dialog } from '@arreglaya/shared/i18n/common';
import { buttonClasses } from './button.ts';
import { CloseIcon } from './icons.tsx';

interface ModalDialogProps {
  title: ReactNode;
  onClose: () => void;
  /** `form`: a wide dialog with a close button (sign-in, offer, contact); `confirm`: a narrow one that asks before an action. */
  variant?: 'form' | 'confirm';
  /** False while a request is under way, so neither a click outside nor Escape drops it. */
  dismissable?: boolean;
  /** An alert dialog (it asks before something that cannot be undone); `describedBy` names its text. */
  alert?: boolean;
  describedBy?: string;
  children: ReactNode;
}

/**
 * Every modal dialog of the app: the overlay, the focus trap and Escape (react-aria), the title
 * as the dialog's name, and one size per variant; at 360 px it takes the whole width and scrolls.
 */
export function ModalDialog({ title, onClose, variant = 'form', dismissable = true, alert = false, describedBy, children }: ModalDialogProps) {
  const wide = variant === 'form';
  return (
    <ModalOverlay
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4 sm:items-center"
    >
      <Modal className={`my-8 w-full rounded-xl bg-white shadow-2xl ${wide ? 'max-w-lg' : 'max-w-md'}`}>
        <Dialog role={alert ? 'alertdialog' : 'dialog'} aria-describedby={describedBy} className={wide ? 'relative p-6 outline-none sm:p-8' : 'p-6 outline-none'}>
          <Heading slot="title" level={2} className={wide ? 'pr-10 text-2xl font-bold break-words text-slate-900' : 'text-xl font-bold break-words text-slate-900'}>
            {title}
          </Heading>
          {wide && (
            <button
              type="button"
              onClick={onClose}
              aria-label={dialog.close}
              className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50"
            >
              <CloseIcon className="size-6" />
            </button>
          )}
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

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

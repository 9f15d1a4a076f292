// The modal dialog itself, with react-aria's overlay and focus code (about 21 KB gzipped): a
// module of its own, fetched when the first dialog of a visit opens, or ahead of it on a fast line
// (after-first-load.ts). Pages import modal-dialog.tsx, which renders this (decision 070).
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { dialog } from '@arreglaya/shared/i18n/common';
import { CloseIcon } from './icons.tsx';

export interface ModalDialogProps {
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
 * Rendered by modal-dialog.tsx's `ModalDialog` once this module (with react-aria's) has arrived.
 */
export function ModalFrame({ title, onClose, variant = 'form', dismissable = true, alert = false, describedBy, children }: ModalDialogProps) {
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

import type { ComponentType } from 'react';

// Apart from statement-queue.tsx, so that the forms it shows (return-form.tsx) can name it without
// an import cycle (decision 068).

/** What the page needs of the app's confirmation dialog (an alert dialog that asks before moving money). */
export interface ConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** Does the action; a thrown error's message stays in the dialog, a resolved one closes it. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}
export type ConfirmComponent = ComponentType<ConfirmProps>;

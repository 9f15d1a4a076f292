import { BankPage } from '@/features/admin-bank/bank-page.tsx';
import type { ConfirmProps } from '@/features/admin-bank/statement-queue.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';

/** The app's confirmation dialog as the bank page asks for it (money moves only after it). */
function Confirm({ title, text, confirmLabel, onConfirm, onClose }: ConfirmProps) {
  return (
    <ConfirmDialog title={title} confirmLabel={confirmLabel} onConfirm={onConfirm} onClose={onClose}>
      <p>{text}</p>
    </ConfirmDialog>
  );
}

/** /admin/banco: the statement import, the queue to assign or return, a bank's CSV layout (features/admin-bank). */
function AdminBankRoute() {
  return <BankPage Confirm={Confirm} />;
}

export { AdminBankRoute as Component };

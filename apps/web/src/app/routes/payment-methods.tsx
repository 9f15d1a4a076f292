import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { addPaymentMethod, paymentKeys, removePaymentMethod } from '@/features/payments/api/payments-api.ts';
import { usePaymentMethods } from '@/features/payments/api/payments-queries.ts';
import { CardForm } from '@/features/payments/components/card-form.tsx';
import { cardLabel, SavedCards } from '@/features/payments/components/saved-cards.tsx';
import { ConfirmDialog } from '@/features/projects/components/confirm-dialog.tsx';
import type { PaymentMethod } from '@arreglaya/shared/schemas/payments';
import { ApiError } from '@/lib/api.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /perfil/formas-pago (spec §2, §4): the client's saved cards and the form to add one. Clients only (router). */
function PaymentMethodsPage() {
  usePageTitle(t.methods.title);
  const { user } = useViewer();
  const clientId = user?.role === 'client' ? user.id : null;
  const methods = usePaymentMethods(clientId);
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);

  const save = async (token: string, makeDefault: boolean) => {
    if (!clientId) return;
    try {
      const answer = await addPaymentMethod(token, makeDefault);
      messageBox.show({ text: answer.message, kind: 'success' });
    } catch (error) {
      // The spec's message; a refused token says what to do instead.
      throw new Error(error instanceof ApiError && error.status === 400 ? error.message : tp.methodAddError, { cause: error });
    } finally {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.methods(clientId) });
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.methods.title}</h1>
        <p className="mt-1 text-slate-700">{t.methods.intro}</p>
      </div>
      <section aria-labelledby="saved-cards" className="flex flex-col gap-3">
        <h2 id="saved-cards" className="text-xl font-bold text-slate-900">
          {t.methods.listLabel}
        </h2>
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {methods.isFetching && methods.data ? t.methods.refreshing : ''}
        </p>
        {methods.isPending && (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        )}
        {methods.isError && !methods.data && <ErrorWithRetry message={t.methods.loadError} onRetry={methods.refetch} retrying={methods.isFetching} />}
        {methods.data && clientId && <SavedCards userId={clientId} methods={methods.data} refreshing={methods.isFetching} onRemove={setRemoving} />}
      </section>
      <section aria-labelledby="add-card" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="add-card" className="text-xl font-bold text-slate-900">
          {t.methods.addTitle}
        </h2>
        <CardForm submitLabel={t.cardForm.save} offerDefault onToken={save} />
      </section>
      {removing && clientId && (
        <ConfirmDialog
          title={t.methods.removeTitle}
          text={t.methods.removeText(cardLabel(removing))}
          confirmLabel={t.methods.remove}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            const answer = await removePaymentMethod(removing.id);
            queryClient.setQueryData(paymentKeys.methods(clientId), answer.items);
            messageBox.show({ text: answer.message, kind: 'success' });
            void queryClient.invalidateQueries({ queryKey: paymentKeys.methods(clientId) });
          }}
        />
      )}
    </div>
  );
}

export { PaymentMethodsPage as Component };

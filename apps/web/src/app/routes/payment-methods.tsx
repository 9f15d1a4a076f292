import { useEffect, useRef, useState } from 'react';
import { PAYER_DOCUMENT, payerDocumentProblem } from '@arreglaya/shared/local-payment-methods';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { addPaymentMethod, paymentKeys, removePaymentMethod, verifyPaymentMethod } from '@/features/payments/api/payments-api.ts';
import { usePaymentMethods } from '@/features/payments/api/payments-queries.ts';
import { CardForm } from '@/features/payments/components/card-form.tsx';
import { PayerDocumentField } from '@/features/payments/components/funding-steps.tsx';
import { cardLabel, SavedCards } from '@/features/payments/components/saved-cards.tsx';
import { PaymentMethodInputSchema, type PaymentMethod } from '@arreglaya/shared/schemas/payments';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { refetchAfterWrite } from '@/lib/query-client.ts';
import { useCountry } from '@/lib/country.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/**
 * What a refused save says (the card form shows an ApiError's message): the server's reason for an
 * invalid token, a refusal by the processor (402) or no answer (503); the spec's message otherwise.
 */
function saveFailure(error: unknown): ApiError {
  if (error instanceof ApiError && (error.status === 400 || error.status === 402 || error.status === 503)) return error;
  return error instanceof ApiError ? new ApiError(error.status, error.code, tp.methodAddError) : new ApiError(0, 'INTERNAL', tp.methodAddError);
}

/**
 * /perfil/formas-pago (spec §2, §4): the client's saved cards and the form to add one. Clients only (router).
 * The processor verifies each card when it is saved (issue 29): a refusal is shown in the form with
 * its reason; when the bank asks for a challenge the browser goes to its page, which returns here
 * with ?verificacion=<card id>; the page then asks our API once, says how it ended and drops the parameter.
 * A card is verified in the account's country (decision 067): in Colombia and Mexico the payer's
 * document is asked with it, checked by the server's own rule before the card goes to the processor,
 * sent with the token and never kept (the field empties once the card is saved).
 */
function PaymentMethodsPage() {
  usePageTitle(t.methods.title);
  const { user } = useViewer();
  const clientId = user?.role === 'client' ? user.id : null;
  const methods = usePaymentMethods(clientId);
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [params, setParams] = useSearchParams();
  const returning = params.get('verificacion');
  const [confirming, setConfirming] = useState(false);
  const [verifyFailure, setVerifyFailure] = useState<string | null>(null);
  const confirmed = useRef<string | null>(null);
  // The account's country, as the server reads it (its profile's); the site's before the session is known.
  const siteCountry = useCountry().code;
  const country = user?.country ?? siteCountry;
  const documentKind = PAYER_DOCUMENT[country];
  const [payerDocument, setPayerDocument] = useState('');
  const [documentProblem, setDocumentProblem] = useState<string | null>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  /** The document's check, before the card is tokenized: false shows why on the field and focuses it. */
  const documentReady = () => {
    const problem = payerDocumentProblem(country, 'card', payerDocument);
    setDocumentProblem(problem);
    if (problem) documentInput.current?.focus();
    return !problem;
  };

  // Back from the bank's challenge: ask once how the card's verification ended.
  useEffect(() => {
    if (!returning || !clientId || confirmed.current === returning) return;
    confirmed.current = returning;
    setConfirming(true);
    setVerifyFailure(null);
    verifyPaymentMethod(returning)
      .then((answer) => {
        if ('method' in answer) messageBox.show({ text: answer.message, kind: 'success' });
        else setVerifyFailure(answer.message);
      })
      .catch((error: unknown) => setVerifyFailure(errorMessage(error)))
      .finally(() => {
        setConfirming(false);
        // The list's first fetch may still be in flight, from before the card was confirmed.
        void refetchAfterWrite(queryClient, paymentKeys.methods(clientId));
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('verificacion');
            return next;
          },
          { replace: true },
        );
      });
  }, [returning, clientId, messageBox, queryClient, setParams]);

  const save = async (token: string, makeDefault: boolean) => {
    if (!clientId) return;
    setVerifyFailure(null);
    let answer: Awaited<ReturnType<typeof addPaymentMethod>>;
    try {
      // The body the server checks with the same schema (the document trimmed, only where the country asks it).
      answer = await addPaymentMethod(PaymentMethodInputSchema.parse({ token, makeDefault, ...(documentKind ? { payerDocument } : {}) }));
    } catch (error) {
      // The field says what the server found wrong in the document; the card form shows the rest (the processor's reason, or the spec's message).
      if (error instanceof ApiError && error.fields?.payerDocument) setDocumentProblem(error.fields.payerDocument);
      throw saveFailure(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.methods(clientId) });
    }
    if ('actionUrl' in answer) {
      // The bank asks for a challenge: its page returns here with ?verificacion=<card id>.
      messageBox.show({ text: t.methods.verifyChallenge, kind: 'info' });
      window.location.assign(answer.actionUrl);
      return;
    }
    setPayerDocument('');
    messageBox.show({ text: answer.message, kind: 'success' });
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
        {confirming && (
          <p role="status" className="flex items-center gap-2 text-slate-800">
            <Spinner /> {t.methods.verifying}
          </p>
        )}
        <p role="alert" className="font-medium text-red-700 empty:hidden">
          {verifyFailure}
        </p>
        {documentKind && <PayerDocumentField kind={documentKind} value={payerDocument} problem={documentProblem} inputRef={documentInput} onChange={setPayerDocument} />}
        <CardForm submitLabel={t.cardForm.save} offerDefault defaultCountry={user?.country} ready={documentReady} onToken={save} />
      </section>
      {removing && clientId && (
        <ConfirmDialog
          title={t.methods.removeTitle}
          confirmLabel={t.methods.remove}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            const answer = await removePaymentMethod(removing.id);
            queryClient.setQueryData(paymentKeys.methods(clientId), answer.items);
            messageBox.show({ text: answer.message, kind: 'success' });
            void queryClient.invalidateQueries({ queryKey: paymentKeys.methods(clientId) });
          }}
        >
          {t.methods.removeText(cardLabel(removing))}
        </ConfirmDialog>
      )}
    </div>
  );
}

export { PaymentMethodsPage as Component };

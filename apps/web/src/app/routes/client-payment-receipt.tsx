import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { guaranteeLinks } from '@arreglaya/shared/i18n/guarantee';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { fetchPaymentReceipt, paymentKeys } from '@/features/payments/api/payments-api.ts';
import { formatMoment } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /perfil/pagos/:paymentId/recibo: one payment's receipt, in the words of the one mailed (the server writes them). Its payer only (the API answers 404 to anyone else). */
function ClientPaymentReceiptPage() {
  usePageTitle(t.myPayments.receiptTitle);
  const { paymentId = '' } = useParams();
  const { user } = useViewer();
  const clientId = user?.role === 'client' ? user.id : null;
  const receipt = useQuery({
    queryKey: paymentKeys.receipt(clientId ?? '', paymentId),
    queryFn: ({ signal }) => fetchPaymentReceipt(paymentId, signal),
    enabled: clientId !== null,
  });
  const r = receipt.data;

  return (
    <div className="flex flex-col gap-6">
      <Link to="/perfil/pagos" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        {t.myPayments.back}
      </Link>
      {receipt.isPending && clientId && (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
      {receipt.isError && !r && <ErrorWithRetry message={t.myPayments.receiptLoadError} onRetry={receipt.refetch} retrying={receipt.isFetching} />}
      {r && (
        <article aria-labelledby="receipt-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
          <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
            {r.title}
          </h1>
          <p className="text-sm text-slate-700">{t.myPayments.receiptDate(formatMoment(r.createdAt, undefined, true))}</p>
          {r.paragraphs.map((line, i) => (
            <p key={i} className="break-words text-slate-900">
              {line}
            </p>
          ))}
          <Link to="/garantia" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
            {guaranteeLinks.receipt}
          </Link>
          <Link to={`/proyectos/${r.projectId}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
            {t.myPayments.openProject}
          </Link>
        </article>
      )}
    </div>
  );
}

export { ClientPaymentReceiptPage as Component };

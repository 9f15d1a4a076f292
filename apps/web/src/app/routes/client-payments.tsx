import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { fetchMyPayments, paymentKeys } from '@/features/payments/api/payments-api.ts';
import { cardLabel } from '@/features/payments/components/saved-cards.tsx';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /perfil/pagos: the client's payments, each with its project, stage, card, amount, what became of the money and its receipt. Clients only (router). */
function ClientPaymentsPage() {
  usePageTitle(t.myPayments.title);
  const { user } = useViewer();
  const clientId = user?.role === 'client' ? user.id : null;
  const payments = useQuery({ queryKey: paymentKeys.payments(clientId ?? ''), queryFn: ({ signal }) => fetchMyPayments(signal), enabled: clientId !== null });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.myPayments.title}</h1>
        <p className="mt-1 text-slate-700">{t.myPayments.intro}</p>
      </div>
      {payments.isPending && clientId && (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
      {payments.isError && !payments.data && <ErrorWithRetry message={t.myPayments.loadError} onRetry={payments.refetch} retrying={payments.isFetching} />}
      {payments.data && payments.data.length === 0 && <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{t.myPayments.empty}</p>}
      {payments.data && payments.data.length > 0 && (
        <ul aria-label={t.myPayments.title} className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {payments.data.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link to={`/proyectos/${p.projectId}`} className="font-semibold break-words text-brand-700 underline">
                  {p.projectTitle}
                </Link>
                <p className="text-sm text-slate-800">
                  {p.stage ? t.myPayments.stage(p.stage.title, p.stage.position, p.stage.count) : t.myPayments.wholePrice} ·{' '}
                  {p.rail !== 'card' ? t.myPayments.rails[p.rail] : p.card ? cardLabel(p.card) : t.myPayments.newCard}
                </p>
                <p className="text-sm text-slate-700">
                  {formatDate(p.createdAt)} · {p.moneyState ? t.myPayments.moneyStates[p.moneyState] : t.myPayments.statuses[p.status]}
                </p>
              </div>
              <div className="flex flex-row items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-1">
                <p className="font-semibold text-slate-900">{formatMoney(p.amountMinor, p.currency)}</p>
                {p.status === 'succeeded' && (
                  <Link
                    to={`/perfil/pagos/${p.id}/recibo`}
                    aria-label={t.myPayments.receiptLabel(p.projectTitle, formatDate(p.createdAt))}
                    className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                  >
                    {t.myPayments.receipt}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { ClientPaymentsPage as Component };
